/** Every transition of a definition, in one vocabulary (define.ts TransitionDef): its actions with an
 * `effect` (fired by their button), its `lapses` (fired by time) and its declared `transitions`
 * (approval outcomes, verbs). The server carries each the same way; the screens keep reading `actions`
 * and the sweep `lapses` as they are written. */
import type { ActionDef, ApprovalOutcome, LapseDef, ResourceDef, TransitionDef } from './define';

const isConstant = (v: unknown): v is string | number =>
  typeof v === 'number' || (typeof v === 'string' && !v.startsWith('$'));

/** An action with an `effect` as a transition: the state is the field its `from` names when the effect
 * sets it, else the first constant it sets (the `from` then is a further condition, `when`). */
export function actionTransition(action: ActionDef): TransitionDef | undefined {
  const effect = action.effect;
  if (!effect) return undefined;
  const from = effect.from;
  const own = from && isConstant(effect.set[from.field]) ? from.field : undefined;
  const field = own ?? Object.keys(effect.set).find((k) => isConstant(effect.set[k]));
  if (!field) return undefined;
  const { [field]: to, ...set } = effect.set;
  return {
    name: action.name,
    field,
    ...(own ? { from: from!.in } : {}),
    to: to as string | number,
    set,
    ...(from && !own ? { when: from } : {}),
    on: { action: action.name },
  };
}

/** A lapse as a transition fired by the time in its field `at`. */
export const lapseTransition = (lapse: LapseDef): TransitionDef => ({
  name: `${lapse.at}Passed`,
  field: lapse.field,
  from: lapse.from,
  to: lapse.to,
  ...(lapse.when ? { when: lapse.when } : {}),
  on: { time: lapse.at },
});

/** Every transition of `def`: effect actions, lapses, declared transitions. */
export function transitionsOf(def: ResourceDef): TransitionDef[] {
  const fromActions = (def.actions ?? []).flatMap((a) => actionTransition(a) ?? []);
  return [...fromActions, ...(def.lapses ?? []).map(lapseTransition), ...(def.transitions ?? [])];
}

/** The transitions of `def` an approval outcome of the process `processKey` fires. */
export function approvalTransitions(
  def: ResourceDef,
  outcome: ApprovalOutcome,
  processKey: string,
): TransitionDef[] {
  return (def.transitions ?? []).filter((t) => {
    if (!('approval' in t.on)) return false;
    if (t.on.process && t.on.process !== processKey) return false;
    return [t.on.approval].flat().includes(outcome);
  });
}

/** The state field of `def`: its `states`, else the field its transitions move first. */
export const stateFieldOf = (def: ResourceDef): string | undefined =>
  def.states?.field ?? transitionsOf(def)[0]?.field;

/** Where an approval outcome moves the state: `to` (from `from`, any state when absent), with `set`. */
export interface ApprovalMove {
  to: string | number;
  from?: (string | number)[];
  set?: TransitionDef['set'];
  refusal?: string;
}

/** The transitions approval outcomes fire on the state `field` (named `approval:<outcome>`, or
 * `<process>:<outcome>` for one process of several): e.g. 双报到 `pass` → 已报到, `reject` → 已驳回. */
export function onApproval(
  field: string,
  moves: Partial<Record<ApprovalOutcome, ApprovalMove>>,
  process?: string,
): TransitionDef[] {
  return Object.entries(moves).map(([outcome, move]) => ({
    name: `${process ?? 'approval'}:${outcome}`,
    field,
    ...move,
    on: { approval: outcome as ApprovalOutcome, ...(process ? { process } : {}) },
  }));
}
