import type { Patch } from './patch.ts';

/* The patches of vike (docs/decisions/0061): each names the version and the cost it mends. */

/**
 * vike 0.4.266 (the latest) counts each request's renders to catch an endless loop of redirections, and on
 * every render walks all the counters of the last 5 seconds to drop the old ones: one per request, so
 * thousands under load, 13 % of a fresh page's CPU. The counting stays; the old counters are dropped at
 * most once a second.
 */
export const VIKE_INFINITE_LOOP: Patch = {
  file: 'node_modules/vike/dist/utils/catchInfiniteLoop.js',
  marker: 'passerelle: prune at most once a second',
  from: `function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean all outdated trackers
    Object.keys(trackers).forEach((key) => {
        const tracker = trackers[key];
        const elapsedTime = now - tracker.startTime;
        if (elapsedTime > time)
            delete trackers[key];
    });`,
  to: `let lastPruned = 0;
function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean all outdated trackers (passerelle: prune at most once a second)
    if (now - lastPruned > 1000) {
        lastPruned = now;
        for (const key of Object.keys(trackers)) {
            if (now - trackers[key].startTime > time)
                delete trackers[key];
        }
    }`,
};

/**
 * vike 0.4.266 routes a request by trying every page's Route String, and for each one parses the string and
 * compiles its regular expression again, on every request (8.6 % of a fresh page's CPU with our 50 pages).
 * Each Route String is now parsed, checked and compiled once.
 */
export const VIKE_ROUTE_STRINGS: Patch = {
  file: 'node_modules/vike/dist/shared-server-client/route/resolveRouteString.js',
  marker: 'passerelle: each Route String compiled once',
  from: `function resolveRouteString(routeString, urlPathname) {
    assertRouteString(routeString);
    const segments = parseRouteString(routeString);
    const routeRegexStrInner = segments`,
  to: `// passerelle: each Route String compiled once
const compiledRouteStrings = new Map();
function resolveRouteString(routeString, urlPathname) {
    let compiled = compiledRouteStrings.get(routeString);
    if (!compiled) {
        compiled = compileRouteString(routeString);
        compiledRouteStrings.set(routeString, compiled);
    }
    const { segments, routeRegex } = compiled;
    const routeRegexMatch = urlPathname.match(routeRegex);
    return matchedRouteString(segments, routeRegexMatch);
}
function compileRouteString(routeString) {
    assertRouteString(routeString);
    const segments = parseRouteString(routeString);
    const routeRegexStrInner = segments`,
};

/** The rest of vike's function, split in two by the patch above: the compiled part ends here. */
export const VIKE_ROUTE_STRINGS_MATCH: Patch = {
  file: 'node_modules/vike/dist/shared-server-client/route/resolveRouteString.js',
  marker: 'passerelle: the match of a compiled Route String',
  from: `    const routeRegex = new RegExp(\`^\${routeRegexStrInner}/?$\`);
    const routeRegexMatch = urlPathname.match(routeRegex);`,
  to: `    const routeRegex = new RegExp(\`^\${routeRegexStrInner}/?$\`);
    return { segments, routeRegex };
}
// passerelle: the match of a compiled Route String
function matchedRouteString(segments, routeRegexMatch) {`,
};

/**
 * vike 0.4.266 forks the request’s page context (a copy of its every property, with their descriptors)
 * at the start of each of the three checks that come before routing — base URL, URL normalisation,
 * permanent redirects — though each check uses its copy only to answer with a redirection, which almost no
 * request gets: three copies for nothing on every page, 4.5 % of a fresh page’s CPU (7 % more fresh
 * landings served). Each check now reads the URL from the context it is given, and forks only when it
 * answers.
 */
export const VIKE_FORK_NORMALIZE_AND_REDIRECT: Patch = {
  file: 'node_modules/vike/dist/server/runtime/renderPageServer.js',
  marker: 'passerelle: forked only to answer a redirection',
  from: `async function normalizeUrl(pageContextBegin, globalContext) {
    const pageContext = fork(pageContextBegin);
    const { trailingSlash, disableUrlNormalization } = globalContext.config;
    if (disableUrlNormalization)
        return null;
    const { urlOriginal } = pageContext;
    const { isPageContextJsonRequest } = handlePageContextRequestUrl(urlOriginal);
    if (isPageContextJsonRequest)
        return null;
    const urlNormalized = normalizeUrlPathname(urlOriginal, trailingSlash ?? false, globalContext.baseServer);
    if (!urlNormalized)
        return null;
    logRuntimeInfo?.(\`URL normalized from \${pc.cyan(urlOriginal)} to \${pc.cyan(urlNormalized)} (https://vike.dev/url-normalization)\`, pageContext, 'info');
    const httpResponse = createHttpResponseRedirect({ url: urlNormalized, statusCode: 301 }, pageContext);
    objectAssign(pageContext, { httpResponse });
    return pageContext;
}
async function getPermanentRedirect(pageContextBegin, globalContext) {
    const pageContext = fork(pageContextBegin);
    const urlWithoutBase = removeBaseServer(pageContext.urlOriginal, globalContext.baseServer);
    let origin = null;
    let urlTargetExternal = null;
    let urlTarget = modifyUrlPathname(urlWithoutBase, (urlPathname) => {
        const urlTarget = resolveRedirects(globalContext.config.redirects ?? [], urlPathname);
        if (urlTarget === null)
            return null;
        if (!isUrl(urlTarget)) {
            // E.g. \`urlTarget === 'mailto:some@example.com'\`
            assert(isUri(urlTarget));
            urlTargetExternal = urlTarget;
            return null;
        }
        const { urlModified, origin: origin_ } = removeUrlOrigin(urlTarget);
        origin = origin_;
        return urlModified;
    });
    if (urlTargetExternal) {
        urlTarget = urlTargetExternal;
    }
    else {
        let originChanged = false;
        if (origin) {
            const urlModified = setUrlOrigin(urlTarget, origin);
            if (urlModified !== false) {
                originChanged = true;
                urlTarget = urlModified;
            }
        }
        if (normalize(urlTarget) === normalize(urlWithoutBase))
            return null;
        if (!originChanged)
            urlTarget = prependBase(urlTarget, globalContext.baseServer);
        assert(urlTarget !== pageContext.urlOriginal);
    }
    logRuntimeInfo?.(\`Permanent redirection defined by config.redirects (https://vike.dev/redirects)\`, pageContext, 'info');
    const httpResponse = createHttpResponseRedirect({ url: urlTarget, statusCode: 301 }, pageContext);
    objectAssign(pageContext, { httpResponse });
    return pageContext;
}
`,
  to: `async function normalizeUrl(pageContextBegin, globalContext) {
    // passerelle: forked only to answer a redirection
    const { trailingSlash, disableUrlNormalization } = globalContext.config;
    if (disableUrlNormalization)
        return null;
    const { urlOriginal } = pageContextBegin;
    const { isPageContextJsonRequest } = handlePageContextRequestUrl(urlOriginal);
    if (isPageContextJsonRequest)
        return null;
    const urlNormalized = normalizeUrlPathname(urlOriginal, trailingSlash ?? false, globalContext.baseServer);
    if (!urlNormalized)
        return null;
    const pageContext = fork(pageContextBegin);
    logRuntimeInfo?.(\`URL normalized from \${pc.cyan(urlOriginal)} to \${pc.cyan(urlNormalized)} (https://vike.dev/url-normalization)\`, pageContext, 'info');
    const httpResponse = createHttpResponseRedirect({ url: urlNormalized, statusCode: 301 }, pageContext);
    objectAssign(pageContext, { httpResponse });
    return pageContext;
}
async function getPermanentRedirect(pageContextBegin, globalContext) {
    const urlWithoutBase = removeBaseServer(pageContextBegin.urlOriginal, globalContext.baseServer);
    let origin = null;
    let urlTargetExternal = null;
    let urlTarget = modifyUrlPathname(urlWithoutBase, (urlPathname) => {
        const urlTarget = resolveRedirects(globalContext.config.redirects ?? [], urlPathname);
        if (urlTarget === null)
            return null;
        if (!isUrl(urlTarget)) {
            // E.g. \`urlTarget === 'mailto:some@example.com'\`
            assert(isUri(urlTarget));
            urlTargetExternal = urlTarget;
            return null;
        }
        const { urlModified, origin: origin_ } = removeUrlOrigin(urlTarget);
        origin = origin_;
        return urlModified;
    });
    if (urlTargetExternal) {
        urlTarget = urlTargetExternal;
    }
    else {
        let originChanged = false;
        if (origin) {
            const urlModified = setUrlOrigin(urlTarget, origin);
            if (urlModified !== false) {
                originChanged = true;
                urlTarget = urlModified;
            }
        }
        if (normalize(urlTarget) === normalize(urlWithoutBase))
            return null;
        if (!originChanged)
            urlTarget = prependBase(urlTarget, globalContext.baseServer);
        assert(urlTarget !== pageContextBegin.urlOriginal);
    }
    const pageContext = fork(pageContextBegin);
    logRuntimeInfo?.(\`Permanent redirection defined by config.redirects (https://vike.dev/redirects)\`, pageContext, 'info');
    const httpResponse = createHttpResponseRedirect({ url: urlTarget, statusCode: 301 }, pageContext);
    objectAssign(pageContext, { httpResponse });
    return pageContext;
}
`,
};

/** The same for the base URL's check (VIKE_FORK_NORMALIZE_AND_REDIRECT). */
export const VIKE_FORK_BASE: Patch = {
  file: 'node_modules/vike/dist/server/runtime/renderPageServer.js',
  marker: 'passerelle: forked only to answer a missing base',
  from: `async function checkBaseUrl(pageContextBegin, globalContext) {
    const pageContext = fork(pageContextBegin);
    const { baseServer } = globalContext;
    const { urlOriginal } = pageContext;
    const { isBaseMissing } = parseUrl(urlOriginal, baseServer);
    if (!isBaseMissing)
        return;
    const httpResponse = createHttpResponseBaseIsMissing(urlOriginal, baseServer);
    objectAssign(pageContext, {
        httpResponse,
        isBaseMissing: true,
    });
    checkType(pageContext);
    return pageContext;
}
`,
  to: `async function checkBaseUrl(pageContextBegin, globalContext) {
    // passerelle: forked only to answer a missing base
    const { baseServer } = globalContext;
    const { urlOriginal } = pageContextBegin;
    const { isBaseMissing } = parseUrl(urlOriginal, baseServer);
    if (!isBaseMissing)
        return;
    const pageContext = fork(pageContextBegin);
    const httpResponse = createHttpResponseBaseIsMissing(urlOriginal, baseServer);
    objectAssign(pageContext, {
        httpResponse,
        isBaseMissing: true,
    });
    checkType(pageContext);
    return pageContext;
}
`,
};

/**
 * vike 0.4.266 copies the page context several times per request with `objectAssign`, which takes every
 * property's descriptor and defines them all again (7–8 % of a fresh landing's CPU). Most of those
 * properties are plain values: a property the target does not have yet (nor its prototypes, so no setter
 * is bypassed) and that is writable, enumerable and configurable is the same once assigned. The others
 * (getters, read-only values, a property the target has) are still defined with their descriptor.
 */
export const VIKE_OBJECT_ASSIGN: Patch = {
  file: 'node_modules/vike/dist/utils/objectAssign.js',
  marker: 'passerelle: plain values assigned',
  from: `    Object.defineProperties(obj, Object.getOwnPropertyDescriptors(objAddendum));`,
  to: `    // passerelle: plain values assigned, the other properties defined with their descriptor
    for (const key of Reflect.ownKeys(objAddendum)) {
        const descriptor = Object.getOwnPropertyDescriptor(objAddendum, key);
        if (descriptor.writable && descriptor.enumerable && descriptor.configurable && !(key in obj))
            obj[key] = descriptor.value;
        else
            Object.defineProperty(obj, key, descriptor);
    }`,
};

/**
 * vike 0.4.266 parses a request's URL about ten times while it renders the page (the checks before
 * routing, the page context's URL getters, the route): 5–6 % of a fresh landing's CPU. The last URL
 * parsed is kept with its result, and asking again for the same URL (and base) gives a copy of it, its
 * search parameters copied too, so that no caller shares what another may change.
 */
export const VIKE_PARSE_URL: Patch = {
  file: 'node_modules/vike/dist/utils/parseUrl.js',
  marker: 'passerelle: the last URL parsed kept',
  from: `function parseUrl(url, baseServer) {
    assert(isUrl(url), url);`,
  to: `// passerelle: the last URL parsed kept, a copy of its result given again for the same URL
let lastParsed = null;
function parseUrl(url, baseServer) {
    if (lastParsed !== null && lastParsed.url === url && lastParsed.baseServer === baseServer)
        return copyOfParsedUrl(lastParsed.parsed);
    const parsed = parseUrlAgain(url, baseServer);
    // A URL of a hash alone reads the document's base URI, which may change: never kept.
    lastParsed = url.startsWith('#') ? null : { url, baseServer, parsed: copyOfParsedUrl(parsed) };
    return parsed;
}
function copyOfParsedUrl(parsed) {
    const searchAll = {};
    for (const key of Object.keys(parsed.searchAll))
        searchAll[key] = [...parsed.searchAll[key]];
    return { ...parsed, search: { ...parsed.search }, searchAll };
}
function parseUrlAgain(url, baseServer) {
    assert(isUrl(url), url);`,
};
