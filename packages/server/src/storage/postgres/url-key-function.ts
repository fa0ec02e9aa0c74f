// The lookup key of a locator URL (sqlite/locator-url-key.ts) in PL/pgSQL, for the generated
// column locators.url_key: version 8's function, version 16's computing the same keys in fewer
// steps, and version 23's returning a URL that is its own key at once. PostgreSQL keeps a function's body as written, so the lines stay as the databases
// hold them.

/** translate()'s arguments lowercasing ASCII letters, whatever the database's locale. */
const LOWERCASE = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'";

/** The scheme's default port, dropped from the key. */
const DEFAULT_PORT =
  "(scheme, port) IN (('http', '80'), ('https', '443'), ('ws', '80'), ('wss', '443'), ('ftp', '21'))";

/**
 * The key from its parts, once `rest` holds what follows the authority: an HTTP(S) URL's empty
 * path made "/", the host lowercased, a port kept only where one is left.
 */
function assembled(rest: string): string {
  return `  IF left(${rest}, 1) <> '/' AND scheme IN ('http', 'https') THEN
    ${rest} := '/' || ${rest};
  END IF;
  RETURN scheme || '://' || userinfo
    || translate(host, ${LOWERCASE})
    || CASE WHEN port = '' THEN '' ELSE ':' || port END || ${rest};
END
$$;`;
}

/** Version 8's function. */
export const URL_KEY_FUNCTION = `CREATE FUNCTION urnkit_url_key(url text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  m text[];
  p text[];
  scheme text;
  authority text;
  rest text;
  userinfo text := '';
  host text;
  port text := '';
BEGIN
  m := regexp_match(url, '^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)(.*)$');
  IF m IS NULL THEN
    RETURN url;
  END IF;
  scheme := translate(m[1], ${LOWERCASE});
  authority := m[2];
  rest := m[3];
  IF strpos(authority, '@') > 0 THEN
    userinfo := left(authority, length(authority) - strpos(reverse(authority), '@') + 1);
  END IF;
  host := substr(authority, length(userinfo) + 1);
  p := regexp_match(host, ':([0-9]*)$');
  IF p IS NOT NULL THEN
    port := p[1];
    host := left(host, length(host) - length(port) - 1);
  END IF;
  IF ${DEFAULT_PORT} THEN
    port := '';
  END IF;
${assembled("rest")}`;

/** Version 16's: without regexp_match arrays, the port checked only where there is one. */
export const URL_KEY_FUNCTION_FASTER = `CREATE OR REPLACE FUNCTION urnkit_url_key(url text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  -- scheme "://" authority (up to the first "/", "?" or "#"), then the rest as written.
  sep integer := strpos(url, '://');
  scheme text;
  tail text;
  cut integer;
  authority text;
  at integer;
  userinfo text;
  host text;
  port text;
BEGIN
  IF sep < 2 OR left(url, sep - 1) !~ '^[A-Za-z][A-Za-z0-9+.-]*$' THEN
    RETURN url;
  END IF;
  scheme := translate(left(url, sep - 1), ${LOWERCASE});
  tail := substr(url, sep + 3);
  cut := strpos(translate(tail, '?#', '//'), '/');
  authority := CASE WHEN cut = 0 THEN tail ELSE left(tail, cut - 1) END;
  tail := substr(tail, length(authority) + 1);
  -- Userinfo is what comes up to the last "@", kept as written.
  at := strpos(reverse(authority), '@');
  host := CASE WHEN at = 0 THEN authority ELSE right(authority, at - 1) END;
  userinfo := left(authority, length(authority) - length(host));
  port := substring(host FROM ':([0-9]*)$');
  IF port IS NULL THEN
    port := '';
  ELSE
    host := left(host, length(host) - length(port) - 1);
    IF ${DEFAULT_PORT} THEN
      port := '';
    END IF;
  END IF;
${assembled("tail")}`;

/**
 * Version 23's: version 16's, but a URL already in its key's form (a lowercase scheme and host,
 * no userinfo or port, a path) is returned by one regular expression, before any other step:
 * most locators are such URLs, and the function's other steps took 5 µs of every such insert.
 */
export const URL_KEY_FUNCTION_FAST_PATH = URL_KEY_FUNCTION_FASTER.replace(
  "BEGIN\n",
  `BEGIN
  IF url ~ '^[a-z][a-z0-9+.-]*://[a-z0-9.-]*/' THEN
    RETURN url;
  END IF;
`,
);
