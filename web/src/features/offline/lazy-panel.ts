import { lazy } from 'react';

/** The course page's download panel, its own chunk (download-panel.tsx): the page's first JavaScript does not carry it. */
export const DownloadPanel = /* @__PURE__ */ lazy(() => import('./download-panel'));
