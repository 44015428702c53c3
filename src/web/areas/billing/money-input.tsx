import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An amount in dollars with cents; the form keeps dollars, the API takes cents (toCents). */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput prefix="$" decimalScale={2} fixedDecimalScale thousandSeparator="," min={0} hideControls {...props} />;
}

/** A fresh key per attempt the person makes: a retried request moves money at most once. */
export const newIdempotencyKey = (): string => crypto.randomUUID().replace(/-/g, '');
