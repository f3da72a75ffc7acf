// The public module of web/src/features/social: what other rooms may use. Anything not listed here is private to the room.
export { PrivacyChoice } from './privacy-choice';
export { CommunityVisibilityToggle } from './visibility-toggle';
