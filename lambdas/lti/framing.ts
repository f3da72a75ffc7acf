// Whether the platform's browser shows the launch inside a frame. Fetch Metadata says so for every navigation
// (Sec-Fetch-Dest: iframe, in Chrome, Firefox and Safari 16.4+); without it (an older browser) the launch is
// taken as top-level, whose answer a frame then refuses to show: the person opens the activity in a new window.
export const framedRequest = (headers: Record<string, string | undefined> | undefined) => {
  const dest = headers?.['sec-fetch-dest']?.toLowerCase();
  return dest === 'iframe' || dest === 'frame';
};
