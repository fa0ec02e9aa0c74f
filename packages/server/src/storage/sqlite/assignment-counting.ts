// SQLite's triggers counting assignments (stat_assignments) as records are written, whatever
// writes them: a new record is registered (an imported deactivated one also deactivated); a
// reserved record that becomes active is activated; a record that becomes deactivated is
// deactivated; each on the UTC day of the write. From version 19 they skip what a restore writes
// (the mark is the row of `restoring`): its export carries the counts already. SQLite keeps a
// trigger's text as written, so the lines stay as the databases hold them.

const TODAY = "strftime('%Y-%m-%d', 'now')";
const STATUS_EVENT = "CASE NEW.status WHEN 'active' THEN 'activated' ELSE 'deactivated' END";
const NOT_RESTORING = "NOT EXISTS (SELECT 1 FROM restoring)";

/** The longest a trigger's WHEN line is before its next condition goes on a line of its own. */
const LONGEST_WHEN = 100;

interface Counter {
  name: string;
  event: After;
  conditions: readonly string[];
  /** The event counted: a string literal, or an expression of NEW.status. */
  counted: string;
}

type After = "INSERT" | "UPDATE OF status";

const COUNTERS: readonly Counter[] = [
  { name: "records_count_registered", event: "INSERT", conditions: [], counted: "'registered'" },
  {
    name: "records_count_created_deactivated",
    event: "INSERT",
    conditions: ["NEW.status = 'deactivated'"],
    counted: "'deactivated'",
  },
  {
    name: "records_count_status",
    event: "UPDATE OF status",
    conditions: ["NEW.status IS NOT OLD.status AND NEW.status IN ('active', 'deactivated')"],
    counted: STATUS_EVENT,
  },
];

function when(conditions: readonly string[]): string {
  let line = "";
  const lines: string[] = [];
  for (const condition of conditions) {
    if (line === "") line = `WHEN ${condition}`;
    else if (`${line} AND ${condition}`.length <= LONGEST_WHEN) line = `${line} AND ${condition}`;
    else {
      lines.push(line);
      line = `  AND ${condition}`;
    }
  }
  return [...lines, line]
    .filter((l) => l !== "")
    .map((l) => `${l}\n`)
    .join("");
}

function trigger(counter: Counter, skipRestores: boolean): string {
  // A literal fits the lines it is named on; the status's expression goes on a line of its own.
  const at = counter.counted.startsWith("'") ? " " : "\n    ";
  const conditions = [...counter.conditions, ...(skipRestores ? [NOT_RESTORING] : [])];
  return `CREATE TRIGGER ${counter.name} AFTER ${counter.event} ON records
${when(conditions)}BEGIN
  INSERT INTO stat_assignments VALUES (${TODAY}, NEW.nid,
    coalesce(NEW.prefix, ''), coalesce(NEW.organisation, ''),${at}${counter.counted}, 0);
  UPDATE stat_assignments SET count = count + 1
  WHERE day = ${TODAY} AND nid = NEW.nid AND prefix = coalesce(NEW.prefix, '')
    AND organisation = coalesce(NEW.organisation, '')${at}AND event = ${counter.counted};
END;`;
}

/** Version 12's counting triggers. */
export function countingTriggers(): string {
  return COUNTERS.map((counter) => trigger(counter, false)).join("\n");
}

/** Version 19's: version 12's dropped, and made again skipping what a restore writes. */
export function countingTriggersSkippingRestores(): string {
  const dropped = COUNTERS.map((counter) => `DROP TRIGGER ${counter.name};`).join("\n");
  const made = COUNTERS.map((counter) => trigger(counter, true)).join("\n");
  return `${dropped}\n\n${made}`;
}
