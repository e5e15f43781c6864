import { describe, expect, it } from 'vitest';
import { disableEnableActions, partyArchiveResource, statusMove } from '@tongxin/resources';

describe('status actions vocabulary', () => {
  it('statusMove guards the button and the effect with the same states and stores the reason', () => {
    const reason = {
      field: 'note',
      label: { zh: '原因', en: 'Reason' },
      required: '请输入原因',
      maxLength: 50,
    };
    const action = statusMove(
      'close',
      { zh: '关闭', en: 'Close' },
      { field: 'state', from: [0, 1], to: 2, set: { closedAt: '$now' } },
      { reason, danger: true },
    );
    expect(action).toEqual({
      name: 'close',
      label: { zh: '关闭', en: 'Close' },
      placement: 'row',
      when: { field: 'state', in: [0, 1] },
      reason,
      danger: true,
      effect: { set: { state: 2, note: '$reason', closedAt: '$now' }, from: { field: 'state', in: [0, 1] } },
    });
    // no reason asked: nothing stores one
    expect(statusMove('open', { zh: '开', en: 'Open' }, { field: 'state', from: [2], to: 0 }).effect).toEqual(
      {
        set: { state: 0 },
        from: { field: 'state', in: [2] },
      },
    );
  });

  it('停用 / 启用 is one pair moving the status both ways, each with its required reason', () => {
    const [disable, enable] = disableEnableActions(
      'memberStatus',
      { enabled: 1, disabled: 2 },
      'statusReason',
      200,
    );
    expect(disable).toMatchObject({
      name: 'disable',
      label: { zh: '停用' },
      danger: true,
      when: { field: 'memberStatus', in: [1] },
      reason: {
        field: 'statusReason',
        label: { zh: '停用原因' },
        required: '请输入停用原因',
        maxLength: 200,
      },
      effect: { set: { memberStatus: 2, statusReason: '$reason' }, from: { field: 'memberStatus', in: [1] } },
    });
    expect(enable).toMatchObject({
      name: 'enable',
      label: { zh: '启用' },
      when: { field: 'memberStatus', in: [2] },
      reason: { required: '请输入启用原因' },
      effect: { set: { memberStatus: 1, statusReason: '$reason' }, from: { field: 'memberStatus', in: [2] } },
    });
    expect(enable!.danger).toBeUndefined();
    expect(partyArchiveResource.actions).toEqual([disable, enable]);
  });
});
