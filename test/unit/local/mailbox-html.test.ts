import { mailboxHtml } from '../../../infra/local/mailbox';

// The local mailbox page shows a code for the learners' mails and the text of the operators' messages
// (the contact form, docs/support.md), escaped.
describe('the local mailbox page', () => {
  const sentAt = new Date().toISOString();

  it('shows the contact message to the operators as escaped text, and a code as a code', () => {
    const html = mailboxHtml([
      { to: 'operadores@mentora.local', code: '', subject: '[Mentora] Otro tema: Ana', body: 'Hola <script>x</script>\nadiós', sentAt },
      { to: 'ana@example.com', code: '123456', subject: 'Tu código', sentAt },
    ]);
    expect(html).toContain('Hola &#60;script&#62;x&#60;/script&#62;\nadiós');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('<code>123456</code>');
  });
});
