// Audio links a browser can keep (issue 44 item 7, docs/narration.md "Links and caching"). A presigned
// URL is the browser cache's key: signed anew at every read, the same MP3 was downloaded again on every
// visit. So every link handed out during one UTC day is signed AS OF that day's start, with the same
// expiry: same object, same credentials, same URL all day, and the browser reuses what it has.
// The objects never change under a key (the key holds the text's hash and the voice; a sample is
// rewritten only after the bucket expired it), so the answer may be kept as long as the link lives.

/** One link per object per UTC day. */
export const LINK_WINDOW_SECONDS = 86_400;

/** Signed at the window's start and valid two windows: a link handed out at 23:59 still works a day later. */
export const LINK_SECONDS = 2 * LINK_WINDOW_SECONDS;

/**
 * What S3 answers for `response-cache-control` (part of the signed query): the learner's own audio,
 * kept by their browser only (private: no shared cache), for the day a link is at least valid, never
 * revalidated (immutable: the bytes under a key never change).
 */
export const AUDIO_CACHE_CONTROL = `private, max-age=${LINK_WINDOW_SECONDS}, immutable`;

/** The instant every link of `now`'s window is signed at. */
export const signingDateOf = (now: Date) => new Date(Math.floor(now.getTime() / (LINK_WINDOW_SECONDS * 1000)) * LINK_WINDOW_SECONDS * 1000);
