/**
 * The ping and call ids the debugger keeps (document 002 section 4: "a matched lead ping
 * stores its ping id; a ping-post uses the latest stored ping id in its path and then
 * removes it"). We read "then" as: once the vendor API has answered the post about that id.
 */

/** The ping ids and call ids kept (the latest is used first; the oldest goes beyond it). */
export const MAX_STORED_IDS = 5;

/**
 * Statuses of a post's answer that spend its id: the vendor API decided the sale (200) or
 * says the id can no longer be posted (404 unknown, 409 already posted, 422 expired or not
 * sold). Any other answer refused the request before it reached the id (400 a field, 401
 * the token, 429 too many requests): the id is kept, to post again once that is fixed.
 */
export const ID_SPENDING_STATUSES: readonly number[] = [200, 404, 409, 422];

export const postSpendsId = (status: number): boolean => ID_SPENDING_STATUSES.includes(status);
