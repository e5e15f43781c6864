/** BladeX wire types written once for the server, the client and the UI (all ids are strings). */

/** The response envelope `{code, success, data, msg}`; the HTTP status mirrors `code`. */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** A page of a list (MyBatis-Plus IPage). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** false when `total` is the database planner's estimate (large lists), not a count; absent = exact. */
  totalExact?: boolean;
}

/** A node of every `/tree` and `/lazy-tree` answer. `children` is omitted on leaves (BladeX clients
 * treat a node without it as a leaf); `hasChildren` marks nodes with children (lazy trees). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}

/** The `<meta>` names under which the server writes the browser's OAuth client (CLIENT_ID, CLIENT_SECRET)
 * into the shell's page, where the api-client reads them: the browser's client secret is public by
 * nature, so it is a run-time value of the server, not one built into the front end. */
export const BROWSER_CLIENT_META = {
  clientId: 'tongxin-client-id',
  clientSecret: 'tongxin-client-secret',
} as const;
