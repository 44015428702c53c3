import { List, ScrollArea, Text, Title } from '@mantine/core';

/** The terms of service both terms screens show. */
export function TermsText() {
  return (
    <ScrollArea h={260} type="auto" offsetScrollbars data-testid="terms-text">
      <Title order={4}>Leadline Terms of Service</Title>
      <Text size="sm" mt="xs">
        These terms govern your purchase of insurance leads and live calls through Leadline (&quot;LV&quot;). By adding
        your initials below you agree to them on behalf of yourself and your agency.
      </Text>
      <List size="sm" mt="sm" spacing={6}>
        <List.Item>Leads and calls are delivered to you alone; you will not resell or share them.</List.Item>
        <List.Item>
          You contact consumers only as they requested, and you follow the federal and state rules that apply to
          telemarketing and email, including do-not-call lists.
        </List.Item>
        <List.Item>
          Orders are charged to your prepaid balance as leads and calls are delivered. Deposits are not refundable
          except as these terms allow.
        </List.Item>
        <List.Item>
          You may ask to return a lead within the return window for the reasons offered on the return form. Returns
          are reviewed and may be approved or denied.
        </List.Item>
        <List.Item>You keep your password secret and tell us at once if you think someone else has used it.</List.Item>
        <List.Item>We may change these terms; you will be asked to accept the new terms before you go on.</List.Item>
      </List>
    </ScrollArea>
  );
}
