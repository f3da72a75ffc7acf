// The public module of lambdas/support (issue 34 item 10): the contact form. Anything not listed here is private to the room.
export { sendContact, type ContactDeps } from './contact';
export { dynamoContactStore, type ContactMessage, type ContactStore } from './contact-store';
export { snsOperatorsTopic, type OperatorsTopic } from './operators-topic';
