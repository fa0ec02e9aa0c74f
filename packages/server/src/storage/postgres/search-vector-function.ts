// The full-text index's function in PL/pgSQL (records_search, an expression index): the words of
// a record's URN and of its metadata's string values, runs of letters and digits, lowercased, as
// SQLite's FTS5 unicode61 tokenizer splits them. Version 14's and version 22's differ only in how
// they gather the metadata's strings. PostgreSQL keeps a function's body as written, so the lines
// stay as the databases hold them (the schema-step fixtures show any change).

/** The function, with `metadataWords` the text of the metadata's string values. */
function searchVectorFunction(metadataWords: string): string {
  return `CREATE OR REPLACE FUNCTION urnkit_search_vector(urn text, metadata text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF metadata IS NULL THEN
    RETURN to_tsvector('simple', regexp_replace(urn, '[^[:alnum:]]+', ' ', 'g'));
  END IF;
  RETURN to_tsvector('simple', regexp_replace(
    urn || ' ' || ${metadataWords},
    '[^[:alnum:]]+', ' ', 'g'));
END
$$;`;
}

/** Version 14's: the strings by a query (jsonb_path_query, string_agg). */
export const SEARCH_VECTOR_FUNCTION_PLPGSQL =
  searchVectorFunction(`coalesce((SELECT string_agg(v #>> '{}', ' ')
      FROM jsonb_path_query(metadata::jsonb, 'strict $.**') AS v
      WHERE jsonb_typeof(v) = 'string'), '')`);

/**
 * Version 22's: the strings as a JSON array's text, its escapes (\", \\, \n, \u0001, ...)
 * blanked first, so that the letter of an escape never joins a word.
 */
export const SEARCH_VECTOR_FUNCTION_ONE_EXPRESSION = searchVectorFunction(`regexp_replace(
      jsonb_path_query_array(metadata::jsonb, 'strict $.** ? (@.type() == "string")')::text,
      '\\\\(u[0-9a-fA-F]{4}|.)', ' ', 'g')`);
