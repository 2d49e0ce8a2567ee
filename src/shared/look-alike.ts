import unhomoglyph from 'unhomoglyph';

/**
 * Riot IDs and team names are unique per tournament by how they look, not by their code points:
 * each is compared on this key, stored beside what the captain typed (which is what is shown).
 *
 * The key is the Unicode confusables skeleton (UTS #39: NFD, each character mapped by the
 * confusables table of Unicode 13, NFD again) of the text after NFKC (full-width ＮＡ１ and
 * mathematical 𝐍𝐀 become NA1), with every invisible code point removed (default-ignorable ones such as
 * U+200B, U+FE0F, U+034F, U+00AD, U+180E and U+3164, and format characters) and white space
 * collapsed (a browser shows "A  B" and "A\u00A0B" as "A B"). Case is folded as the comparison always
 * did, in both directions: upper case first, so a Cyrillic capital Н reads as H, then lower case, so a
 * lower-case look-alike such as ɑ reads as a. The skeleton makes I, l and 1 (and 0 and O, rn and m)
 * one letter; with the case folded, i is that letter too.
 *
 * Server only: the confusables table is about 100 kB, and the web form does not need it.
 */
export function lookAlikeKey(text: string): string {
  const visible = withoutInvisibles(withoutInvisibles(text).normalize('NFKC'));
  const folded = skeleton(skeleton(visible.toUpperCase()).toLowerCase()).toLowerCase();
  return folded.replace(/\s+/gu, ' ').trim();
}

const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

const withoutInvisibles = (text: string) => text.replace(invisible, '');

/** UTS #39's skeleton; `unhomoglyph` maps each character of the confusables table (its sources are single code points). */
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');
