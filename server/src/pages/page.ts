/**
 * A page: the shell's index.html (the client renders its own not-found page; the status is 404 for a
 * path that names nothing the viewer may see, status.ts) with the route's remote entries and page chunks preloaded, the remote manifest and
 * the site options inlined (the shell does not have to fetch them before it can start), link-preview
 * tags, and for /feed and /user/{id} the first page embedded (/feed's also drawn: the first paint).
 * Each part that fails is left out and logged; the page still works.
 */
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmbeddedData } from '@wishes/kit-contract/api';
import type { AppDeps } from '../app/deps';
import { loadOptions } from '../options/load';
import { encodeUserText, previewFor, previewTags } from '../previews/meta';
import { embeddedFor, firstPaintOf } from './embedded';
import { createTemplateReader, OPTIONS_ELEMENT_ID, REMOTES_ELEMENT_ID, renderPage } from './html';
import type { CurrentLocations, ManifestWriter } from './manifest';
import { createPreloadPlanner } from './preload';
import { pageStatus } from './status';
import type { ReleaseChoice } from './release-choice';
import { modulesForPath } from './remotes';

const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wishes is not built yet</title></head>' +
  '<body><h1>Wishes is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p></body></html>';

/** Link-preview tags and, for a wish or a profile, the title (an unfurler sees the generic title without them). */
async function linkPreviewHead(db: AppDeps['db'], config: AppDeps['config'], pathname: string, siteName: string) {
  const preview = await previewFor(db, pathname, config.publicUrl, siteName);
  return { meta: previewTags(preview, siteName), titleHtml: preview.type !== 'website' ? encodeUserText(preview.title) : undefined };
}

/** What a step that may fail gives when it does: undefined, with the failure logged. */
async function orLogged<T>(request: FastifyRequest, what: string, step: () => Promise<T> | T): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    request.log.error({ err: error }, `could not prepare ${what}`);
    return undefined;
  }
}

export function createPageSender({ db, config, readModel }: Pick<AppDeps, 'db' | 'config' | 'readModel'>, shellDist: string, currentLocations: CurrentLocations, choice: ReleaseChoice, { manifestFor, manifestEtag }: ManifestWriter) {
  const readTemplate = createTemplateReader(path.join(shellDist, 'index.html'));
  const preloadsFor = createPreloadPlanner();

  return async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const template = readTemplate();
    if (template === null) {
      request.log.error(`shell is not built: ${path.join(shellDist, 'index.html')} is missing`);
      return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
    }
    // Without embedded data the client fetches it; without options the shell asks GET /api/base/options.
    const embedded: EmbeddedData | undefined = await orLogged(request, 'embedded page data', () => embeddedFor({ db, readModel }, request, pathname));
    const locations = await currentLocations(request, choice.bucketOf(request, reply), choice.previewOf(request));
    const { scripts: preloadScripts, styles: preloadStyles } = preloadsFor(modulesForPath(pathname, locations), locations);
    const options = (await orLogged(request, 'the site options for the page', () => loadOptions(config.optionsPath, config.siteName).options)) ?? null;
    // A preview link opens on its confirmation page (the shell's), which needs what it would pin.
    const previewRequest = choice.previewRequestOf(request);
    const data: Record<string, unknown> = {
      [REMOTES_ELEMENT_ID]: { ...manifestFor(locations, await choice.startLoad(request, locations)), etag: manifestEtag(locations), ...(previewRequest ? { preview_request: previewRequest } : {}) },
    };
    if (options) data[OPTIONS_ELEMENT_ID] = options;
    const siteName = (options as { site_name?: string } | null)?.site_name ?? config.siteName ?? 'Wishes';
    const head = await orLogged(request, 'link-preview tags', () => linkPreviewHead(db, config, pathname, siteName));
    // Unknown, or not the viewer's to see: the same page, a 404 (a failed lookup keeps the 200).
    const status = (await orLogged(request, 'the page status', () => pageStatus(db, request.userId ?? null, pathname, locations))) ?? 200;
    const html = renderPage(template, { preloadScripts, preloadStyles, preloadFetches: [], embedded, data, meta: head?.meta, titleHtml: head?.titleHtml, firstPaint: firstPaintOf(embedded) });
    return reply.code(status).header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(html);
  };
}
