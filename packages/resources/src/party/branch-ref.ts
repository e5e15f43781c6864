import type { FieldDef } from '../define';

/** A record naming its party organisation (branch): chosen in the party-organisation tree-table
 * selector (columns id and deptName, lazy children, page 10, selection kept across pages). */
export const partyBranchRef: NonNullable<FieldDef['ref']> = {
  resource: 'partyDept',
  labelField: 'deptName',
  pick: {
    title: { zh: '请选择党组织', en: 'Select a party organisation' },
    columns: ['id', 'deptName'],
    tree: true,
  },
};
