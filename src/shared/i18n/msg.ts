/**
 * Marks a text defined away from where it is shown (a schema's message, a label in a table) as one
 * the catalogs translate: it stays English here, and the component shows it through `t(text)`.
 */
export const msg = <Text extends string>(text: Text): Text => text;
