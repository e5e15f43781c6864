/**
 * The `flowable:` BPMN extension attributes the executor understands, as a moddle descriptor shared by
 * the server's parser (bpmn-moddle) and the designer (bpmn-js): user task assignment and form key, the
 * start event's initiator variable. Flowable-authored XML (BladeX's leave process) round-trips unchanged.
 */
export const FLOWABLE_MODDLE = {
  name: 'Flowable',
  uri: 'http://flowable.org/bpmn',
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskProps',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'StartProps',
      extends: ['bpmn:StartEvent'],
      properties: [
        { name: 'initiator', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
      ],
    },
  ],
};
