/** 申请归还 (ShareFacilityReturn): the borrower of a loan in use asks to return it, with its condition;
 * the loan enters its return approval (after its borrowing approval ended, on the same approval
 * columns), or — after a rejection waiting on the borrower's own step — goes back to the approvers.
 * Passing it is 确认归还 (the definition's `ShareFacilityReturn:pass` transition); a rejection leaves the
 * loan 借用中. */
import { requireUser } from '../../../auth/guard.js';
import { startBusinessProcess } from '../../../engine/approval/start-process.js';
import type { VerbHandler } from '../../../engine/module.js';
import { applicantTaskOf } from '../../../flow/operations.js';
import { actorOf } from '../../../flow/wire.js';
import { badRequest, done, forbidden } from '../../../http/envelope.js';
import { loansIn, params, RETURNABLE, returnOf } from './loans.js';

export const RETURN_PROCESS = 'ShareFacilityReturn';

export const requestReturn: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const { p, ids } = params(request);
    const returned = returnOf(p);
    const { table } = engine.def;
    await engine.run(user, async (trx, base) => {
      const actor = actorOf(user);
      for (const loan of await loansIn(trx, base, ids, RETURNABLE)) {
        if (String(loan.app_user_id) !== user.userId) throw forbidden('只有借用人可以申请归还');
        await trx.updateTable(table).set(returned).where('id', '=', String(loan.id)).execute();
        const running = await trx
          .selectFrom('flow_process_instance')
          .selectAll()
          .where('business_table', '=', table)
          .where('business_id', '=', String(loan.id))
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (!running) {
          await startBusinessProcess(trx, actor, {
            processKey: RETURN_PROCESS,
            table,
            businessId: String(loan.id),
          });
          continue;
        }
        const own = await applicantTaskOf(trx, running);
        if (running.process_definition_key !== RETURN_PROCESS || String(own?.assignee) !== user.userId)
          throw badRequest('该借用记录已在审批中');
        const input = { taskId: String(own!.id), pass: true, comment: '申请归还' };
        await engine.ctx.approvals.completeTask(trx, actor, input);
      }
    });
    return done('提交成功');
  },
};
