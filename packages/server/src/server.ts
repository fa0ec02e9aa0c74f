// The HTTP service: fastify with one plugin per area. Resolution owns only paths starting
// "/urn:" and "/uri-res/"; "/" and other paths are free for plugins such as a web UI.

import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type onResponseHookHandler,
} from "fastify";
import { DEFAULT_OAI_OPTIONS, type OaiOptions } from "./exchange/oai/options.js";
import { bearerHook, declaresBearer } from "./http/auth.js";
import type { Limits, PluginOptions, ServerContext } from "./http/context.js";
import { clientErrorHandler } from "./http/error-handler.js";
import { Metrics, RESOLUTION_LABEL } from "./http/metrics.js";
import { OpenApiCollector } from "./http/openapi.js";
import { HttpProblem } from "./http/problem.js";
import { routableTarget } from "./http/raw-target.js";
import { requestId } from "./http/response-headers.js";
import { adminRoutes } from "./routes/admin.js";
import { canonicalDnbTarget, DEFAULT_DNB_BASES, normaliseBase } from "./routes/dnb/paths.js";
import { dnbRoutes } from "./routes/dnb/plugin.js";
import { healthRoutes } from "./routes/health.js";
import { importExportRoutes } from "./routes/import-export.js";
import { linkRoutes } from "./routes/links.js";
import { namespaceRoutes } from "./routes/namespaces.js";
import { oaiRoutes } from "./routes/oai.js";
import { organisationRoutes } from "./routes/organisations.js";
import { prefixRoutes } from "./routes/prefixes.js";
import { publicResolverRoutes } from "./routes/public-resolvers.js";
import { resolvingServer } from "./routes/resolution/fast-path.js";
import { resolutionRoutes } from "./routes/resolution/routes.js";
import { reverseLookupRoutes } from "./routes/reverse-lookup.js";
import { statsRoutes } from "./routes/stats.js";
import { tokenListRoutes } from "./routes/token-list.js";
import { uriResRoutes } from "./routes/uri-res.js";
import { urnSearchRoutes } from "./routes/urn-search.js";
import { urnRoutes } from "./routes/urns.js";
import { keepTickMaps } from "./runtime/tick-maps.js";
import { type CounterOptions, ResolutionCounter } from "./stats/resolution-counts.js";
import type { Store } from "./storage/store.js";
import { sendProblem } from "./ui/error-answer.js";
import { uiRoutes } from "./ui/ui-routes.js";
import { ajv } from "./validation/ajv.js";
import { refuseUnstorableText } from "./validation/request-text.js";

export type ServerPlugin = (app: FastifyInstance, options: PluginOptions) => Promise<void>;

export interface BuildServerOptions {
  store: Store;
  /** pino options, true for defaults, false (the default) for none. */
  logger?: FastifyServerOptions["logger"];
  limits?: Partial<Limits>;
  /** Longest time a request may take to arrive, in milliseconds. */
  requestTimeoutMs?: number;
  /**
   * Believe X-Forwarded-For/-Proto/-Host from these proxies (fastify's trustProxy: true for any,
   * or addresses, CIDR ranges and "loopback"), so that behind a TLS-terminating proxy requests
   * count as HTTPS and the UI's session cookie is Secure. Off by default.
   */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** More plugins (a web UI at "/", say), registered after the API with the same context. */
  plugins?: ServerPlugin[];
  /**
   * Redirect a well-formed URN whose namespace is not served here to its best public resolver
   * (`publicResolvers` of @urnkit/namespaces), the others in a `Link` header, instead of 404; its
   * N2Ls lists them. A namespace served here always answers itself. Off by default.
   */
  delegatePublic?: boolean;
  /** The OAI-PMH provider at /oai: repository name, admin e-mails, page size, token lifetime. */
  oai?: Partial<OaiOptions>;
  /** How resolution counts are held and written: the defaults, but for tests and benchmarks. */
  statistics?: CounterOptions;
  /**
   * The base paths of the DNB URN-Service API v2 (routes/dnb/): "/v2/" and "/sandbox/v2/" unless
   * given; [] serves none.
   */
  dnbBases?: readonly string[];
}

export const DEFAULT_LIMITS: Limits = { urnBytes: 8192, jsonBytes: 1048576, importBatch: 1000 };

const RESOLUTION_ROUTE = /^\/urn::\*$/i;

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  keepTickMaps();
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const metrics = new Metrics();
  // The counter reports to the server's logger, which exists once fastify does (below).
  let app: FastifyInstance | undefined;
  const counter = new ResolutionCounter(options.store, {
    log: {
      info: (details, message) => app?.log.info(details, message),
      warn: (details, message) => app?.log.warn(details, message),
      error: (details, message) => app?.log.error(details, message),
    },
    ...options.statistics,
  });
  const ctx: ServerContext = {
    store: options.store,
    metrics,
    counter,
    limits,
    delegatePublic: options.delegatePublic ?? false,
    oai: { ...DEFAULT_OAI_OPTIONS, ...options.oai },
  };
  const openapi = new OpenApiCollector();
  const dnbBases = (options.dnbBases ?? DEFAULT_DNB_BASES).map(normaliseBase);
  // Resolutions skip fastify (routes/resolution/fast-path.ts) unless it has to log them or is closing.
  let fastResolution = false;

  app = Fastify({
    serverFactory: resolvingServer(ctx, () => fastResolution),
    logger: options.logger ?? false,
    bodyLimit: limits.jsonBytes,
    requestTimeout: options.requestTimeoutMs ?? 120000,
    connectionTimeout: 0,
    routerOptions: { maxParamLength: limits.urnBytes * 2 },
    // X-Request-Id is read by requestId (bounded, safe characters) and answered by the hook below.
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: true,
    clientErrorHandler,
    // A path the router cannot percent-decode still reaches its route (a URN may hold any octet).
    // The DNB API's paths as its clients spell them, one canonical spelling for the router.
    rewriteUrl: (request) =>
      (dnbBases.length === 0 ? null : canonicalDnbTarget(request.url ?? "/", dnbBases)) ??
      routableTarget(request),
    frameworkErrors: (error, _request, reply) => sendProblem(reply, error),
  });
  // fastify logs each request at "info".
  fastResolution = !["trace", "debug", "info"].includes(app.log.level);
  app.addHook("preClose", (done) => {
    fastResolution = false;
    done();
  });

  app.decorateRequest("token", null);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // One validator for the API's schemas and every other write path (validation/ajv.ts).
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  app.addHook("preValidation", refuseUnstorableText);
  const authenticateFirst = bearerHook(options.store);
  app.addHook("onRoute", (route) => {
    openapi.add(route);
    if (declaresBearer(route)) {
      const hooks = route.onRequest;
      route.onRequest =
        hooks === undefined
          ? [authenticateFirst]
          : [authenticateFirst, ...(Array.isArray(hooks) ? hooks : [hooks])];
    }
    // Each route counts its own responses under its label, fixed once here rather than worked
    // out again on every request.
    const label = RESOLUTION_ROUTE.test(route.url) ? RESOLUTION_LABEL : route.url;
    const count: onResponseHookHandler = (request, reply, done) => {
      metrics.request(request.method, label, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    const existing = route.onResponse;
    route.onResponse =
      existing === undefined
        ? [count]
        : [...(Array.isArray(existing) ? existing : [existing]), count];
  });
  app.addHook("onClose", async () => counter.close());
  app.setErrorHandler((error, _request, reply) => sendProblem(reply, error));
  app.setNotFoundHandler((request, reply) => {
    metrics.request(request.method, "unmatched", 404, reply.elapsedTime / 1000);
    return sendProblem(
      reply,
      new HttpProblem(404, "not-found", `nothing at ${request.method} ${request.url}`),
    );
  });

  await app.register(resolutionRoutes, { ctx });
  await app.register(uriResRoutes, { ctx });
  await app.register(namespaceRoutes, { ctx });
  await app.register(organisationRoutes, { ctx });
  await app.register(prefixRoutes, { ctx });
  await app.register(urnRoutes, { ctx });
  await app.register(urnSearchRoutes, { ctx });
  await app.register(reverseLookupRoutes, { ctx });
  await app.register(publicResolverRoutes, { ctx });
  await app.register(importExportRoutes, { ctx });
  await app.register(oaiRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(statsRoutes, { ctx });
  await app.register(tokenListRoutes, { ctx });
  await app.register(linkRoutes, { ctx });
  await app.register(healthRoutes, { ctx, openapi });
  await app.register(dnbRoutes, { ctx, bases: dnbBases });
  await app.register(uiRoutes, { ctx });
  for (const plugin of options.plugins ?? []) await app.register(plugin, { ctx });
  return app;
}
