import { Grid, Skeleton, Stack } from '@mantine/core';

/** The shape of a form while its data loads, so the page does not jump when it arrives. */
export function FormSkeleton({ fields = 6, label = 'Loading' }: { fields?: number; label?: string }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={label} data-testid="form-skeleton">
      <Grid>
        {Array.from({ length: fields }, (_, i) => (
          <Grid.Col key={i} span={{ base: 12, sm: 6 }}>
            <Skeleton height={12} width="35%" mb={8} />
            <Skeleton height={36} />
          </Grid.Col>
        ))}
      </Grid>
      <Skeleton height={36} width={140} ml="auto" />
    </Stack>
  );
}
