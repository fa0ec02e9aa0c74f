// PostgreSQL's triggers counting assignments (stat_assignments) as records are written, whatever
// writes them: statement triggers on records, one grouped upsert per statement (an import batch
// is one), in key order so that concurrent writers take the counters' row locks in the same
// order; each on the UTC day of the write. From version 19 they skip what a restore writes (its
// transactions SET LOCAL urnkit.restoring = 'on'): its export carries the counts already.
// PostgreSQL keeps a function's body as written, so the lines stay as the databases hold them.

const NOT_RESTORING = "current_setting('urnkit.restoring', true) IS DISTINCT FROM 'on'";

interface Counter {
  /** Why the statement's records count as they do, a comment above the function. */
  why: string;
  trigger: string;
  function: string;
  event: "INSERT" | "UPDATE";
  /** The transition tables the trigger names. */
  referencing: string;
  /** The rows counted, as lines of a SELECT giving nid, prefix, organisation and event. */
  counted: string;
}

const COUNTERS: readonly Counter[] = [
  {
    why: "A new record is registered (an imported deactivated one also deactivated).",
    trigger: "records_count_inserted",
    function: "stat_count_inserted",
    event: "INSERT",
    referencing: "NEW TABLE AS new_records",
    counted: `    SELECT nid, coalesce(prefix, '') AS prefix, coalesce(organisation, '') AS organisation,
      'registered' AS event FROM new_records
    UNION ALL
    SELECT nid, coalesce(prefix, ''), coalesce(organisation, ''), 'deactivated'
    FROM new_records WHERE status = 'deactivated'`,
  },
  {
    why: "A reserved record that becomes active is activated; one that becomes deactivated, deactivated.",
    trigger: "records_count_status",
    function: "stat_count_status",
    event: "UPDATE",
    referencing: "OLD TABLE AS old_records NEW TABLE AS new_records",
    counted: `    SELECT n.nid, coalesce(n.prefix, '') AS prefix, coalesce(n.organisation, '') AS organisation,
      CASE n.status WHEN 'active' THEN 'activated' ELSE 'deactivated' END AS event
    FROM new_records n JOIN old_records o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status AND n.status IN ('active', 'deactivated')`,
  },
];

function countingFunction(counter: Counter): string {
  return `-- ${counter.why}
CREATE FUNCTION ${counter.function}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_assignments AS s (day, nid, prefix, organisation, event, count)
  SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), e.nid, e.prefix, e.organisation,
    e.event, count(*)
  FROM (
${counter.counted}
  ) e
  GROUP BY e.nid, e.prefix, e.organisation, e.event
  ORDER BY e.nid, e.prefix, e.organisation, e.event
  ON CONFLICT (day, nid, prefix, organisation, event) DO UPDATE SET count = s.count + excluded.count;
  RETURN NULL;
END
$$;`;
}

function trigger(counter: Counter, skipRestores: boolean): string {
  const execute = `EXECUTE FUNCTION ${counter.function}();`;
  return [
    `CREATE TRIGGER ${counter.trigger} AFTER ${counter.event} ON records`,
    `REFERENCING ${counter.referencing}`,
    ...(skipRestores
      ? [`FOR EACH STATEMENT WHEN (${NOT_RESTORING})`, execute]
      : [`FOR EACH STATEMENT ${execute}`]),
  ].join("\n");
}

/** Version 12's counting functions and their triggers. */
export function countingTriggers(): string {
  return COUNTERS.map((counter) => `${countingFunction(counter)}\n${trigger(counter, false)}`).join(
    "\n\n",
  );
}

/** Version 19's: version 12's triggers dropped, and made again skipping what a restore writes. */
export function countingTriggersSkippingRestores(): string {
  return COUNTERS.map(
    (counter) => `DROP TRIGGER ${counter.trigger} ON records;\n${trigger(counter, true)}`,
  ).join("\n\n");
}
