/**
 * A table or panel showing the previous answer while the next one loads: dimmed for the
 * eye and `aria-busy` for assistive technology (and for the checks, which wait for it).
 * Spread onto a Mantine component: `<Table {...staleProps(q.isPlaceholderData)}>`.
 */
export const staleProps = (stale = false) => ({ opacity: stale ? 0.6 : 1, 'aria-busy': stale });
