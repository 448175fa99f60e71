import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/**
 * The words of a run of Chinese characters, by jieba's dictionary (the segmenter most Chinese search
 * stacks use): 外星人解剖录像 is 外星人 / 解剖 / 录像, 尼斯湖水怪 is 尼斯湖 / 水怪. The index matches
 * Chinese by character pairs (cjk_bigram), which cannot tell a query's words apart; these words are
 * what a hit's `match: all` then means in Chinese (see keywordClauses). The index holds no single
 * characters, only pairs, so a word of one character could never be found on its own: a particle
 * (的, 了, 在, 里...) is left out, and any other joins the word before it (凯 / 克斯 / 堡 -> 凯克斯堡,
 * 坠落 / 物 -> 坠落物), or, first in the run, the word after it.
 */
export function chineseWords(run: string): string[] {
  const words = segmenter()
    .cut(run, false)
    .filter((word) => HAN.test(word) && !PARTICLES.has(word));
  const joined: string[] = [];
  let pending = '';
  for (const word of words) {
    if ([...word].length > 1 || joined.length === 0) {
      const merged = pending + word;
      pending = '';
      if ([...merged].length === 1) pending = merged;
      else joined.push(merged);
    } else {
      joined[joined.length - 1] += word;
    }
  }
  if (pending) joined.push(pending);
  return joined;
}

/** Single characters that join words or place them (in, on, inside) rather than name anything. */
const PARTICLES = new Set([...'的了在和与及是被把吗呢吧啊里上中内外下']);

const HAN = /\p{Script=Han}/u;

let jieba: Jieba | undefined;

/** Loaded on the first Chinese query (its dictionary takes a moment to read), then kept. */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}
