import type { Mail } from '../../../api/mail/list-outbox';

/** What each outbox status means to the admin reading it. */
export const MAIL_STATUS: Record<Mail['status'], { label: string; color: string; help: string }> = {
  kept: {
    label: 'Not sent: no mail server',
    color: 'orange',
    help: 'No mail server is set up (SMTP_URL), so this mail was kept here instead of being sent. Copy the link from it if the user needs it.',
  },
  queued: {
    label: 'Waiting to send',
    color: 'blue',
    help: 'The mail server has not taken this mail yet; it is retried until it is sent.',
  },
  sending: {
    label: 'Sending',
    color: 'blue',
    help: 'A server is handing this mail to the mail server right now.',
  },
  sent: { label: 'Sent', color: 'green', help: 'The mail server accepted this mail.' },
  failed: {
    label: 'Could not be sent',
    color: 'red',
    help: 'The mail server refused this mail five times; it will not be tried again. Copy the link from it if the user needs it.',
  },
};
