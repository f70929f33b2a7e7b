import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import * as news from './news-pages';
import * as support from './support-pages';
import * as team from './team-pages';
import { SiteApp } from './site-app';
import type { SitePageData } from '../common/site-data';

/** Streams the site's markup for one page; resolves once the shell is ready to send. */
export function renderSite(data: SitePageData): Promise<{ pipe: <W extends Writable>(destination: W) => W; abort: () => void }> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(<SiteApp data={data} pages={{ news, support, team }} />, {
      onShellReady: () => resolve({ pipe: stream.pipe, abort: stream.abort }),
      onShellError: reject,
    });
  });
}
