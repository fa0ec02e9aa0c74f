// RFC 8141 §3.2 (sixth example) and §4.4: characters people mistake for ASCII letters when a URN is
// shown decoded. A small table of the common look-alikes (after the confusables of Unicode
// Technical Standard #39) plus compatibility forms that NFKC folds to an ASCII letter (fullwidth,
// mathematical, letterlike symbols), so that no data file is needed.

/** Pairs "look-alike, ASCII letter": Cyrillic, Greek, Armenian and non-ASCII Latin letters. */
const PAIRS =
  // Cyrillic
  "аaеeоoрpсcуyхxѕsіiјjԁdһhԛqԝwӏlАAВBЕEЅSІIЈJКKМMНHОOРPСCТTХXУYҮYԚQԜW" +
  // Greek
  "οoαaνvιiκkρpυuχxγyΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX" +
  // Armenian
  "օoսuհhոnքq" +
  // Latin letters outside ASCII without a visible mark
  "ıiȷjɑaɡgɩiʟLᴀAᴄCᴅDᴇEᴊJᴋKᴍMᴏOᴘPᴛTᴜUᴠVᴡWᴢZ";

const TABLE = new Map<string, string>();
for (let i = 0; i < PAIRS.length; i += 2) TABLE.set(PAIRS.charAt(i), PAIRS.charAt(i + 1));

const ASCII_LETTER = /^[A-Za-z]$/;

/** The ASCII letter that `ch` (one code point, not ASCII) is easily mistaken for, or null. */
export function asciiLookalike(ch: string): string | null {
  const listed = TABLE.get(ch);
  if (listed !== undefined) return listed;
  const folded = ch.normalize("NFKC");
  return ASCII_LETTER.test(folded) ? folded : null;
}
