import { Stack, Text, Title } from '@mantine/core';
import { PublicLayout, SignInLink } from '../../ui/PublicLayout';

/** /privacy-policy: a static page, open to everyone. */
export function PrivacyPolicyPage() {
  return (
    <PublicLayout title="Privacy policy" width={720} links={<SignInLink />}>
      <Stack gap="sm">
        <Text size="sm">
          Leadline keeps the information you give us (your name, agency, contact details and payment cards) and the
          records of the leads and calls you buy, so that we can run your account and deliver what you order.
        </Text>
        <Title order={4}>What we keep and why</Title>
        <Text size="sm">
          Account details, to sign you in and bill you. Lead and call records, to deliver them, to handle returns and to
          report your results. Sign-in records, to protect your account from misuse.
        </Text>
        <Title order={4}>Who sees it</Title>
        <Text size="sm">
          Your company&apos;s users, and Leadline staff who support your account. Vendors see whether a lead they sold
          was returned, never your other data. We do not sell your information.
        </Text>
        <Title order={4}>Your choices</Title>
        <Text size="sm">
          You may update your profile and contact preferences at any time in your settings, and ask your account
          representative to close your account.
        </Text>
      </Stack>
    </PublicLayout>
  );
}
