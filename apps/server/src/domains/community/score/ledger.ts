/** The points ledger lives in the infrastructure (points/score-ledger.ts), shared by the domains that
 * grant points (community settlements, the party's report reviews). */
export * from '../../../points/score-ledger.js';
