const accents: Record<string, string> = { a: 'å', e: 'é', i: 'î', o: 'ö', u: 'ü', y: 'ý', c: 'ç', n: 'ñ', A: 'Å', E: 'É', I: 'Î', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ' };
const filler = 'ŀöŕéɱ îƥšüɱ ðöŀöŕ šîţ åɱéţ çöñšéçţéţüŕ åðîƥîšçîñĝ éŀîţ šéð ðö éîüšɱöð ţéɱƥöŕ';

/** The pseudo-locale's form of a text: every letter accented, each run of text 40 % longer in words that can wrap; the <tag>s of a rich sentence (Trans) stay as written. */
export function pseudoText(text: string): string {
  return text
    .split(/(<\/?\w+>)/)
    .map((part, index) => {
      if (index % 2 === 1 || part.trim() === '') return part;
      const accented = part.replace(/[aeiouycnAEIOUCN]/g, (letter) => accents[letter] ?? letter);
      const extra = Math.ceil(part.trim().length * 0.4);
      return extra < 2 ? `${accented}·` : `${accented}${part.endsWith(' ') ? '' : ' '}${filler.slice(0, extra - 1).trimEnd()}${part.endsWith(' ') ? ' ' : ''}`;
    })
    .join('');
}

