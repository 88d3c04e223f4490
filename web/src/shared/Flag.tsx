/**
 * Country flags as SVG pictures (flag-icons), because Windows browsers draw no flag emoji: they show two letters.
 * The table of the pictures' addresses is a chunk of its own, asked for as soon as this module loads.
 */
import { Fragment, useEffect, useState, type CSSProperties, type ReactNode } from 'react';

const NO_FLAGS: ReadonlyMap<string, string> = new Map();
let flagUrls: ReadonlyMap<string, string> | undefined;
const flagUrlsLoaded = import('./flagUrls').then(
  (module) => (flagUrls = module.FLAG_URLS),
  // Without the table (a failed download) the emoji stand in for the pictures.
  () => (flagUrls = NO_FLAGS),
);

function useFlagUrls(): ReadonlyMap<string, string> | undefined {
  const [urls, setUrls] = useState(flagUrls);
  useEffect(() => {
    if (urls === undefined) void flagUrlsLoaded.then(setUrls);
  }, [urls]);
  return urls;
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** The pair of regional indicators that the emoji fonts draw as a country's flag ("GB" → 🇬🇧). */
const REGIONAL_INDICATOR_PAIR = /([\u{1F1E6}-\u{1F1FF}]{2})/u;
const INDICATOR_A = 0x1f1e6;

function emojiOf(country: string): string {
  return String.fromCodePoint(...[...country].map((letter) => INDICATOR_A + letter.charCodeAt(0) - 65));
}

function countryOf(emoji: string): string {
  return String.fromCharCode(...[...emoji].map((indicator) => indicator.codePointAt(0)! - INDICATOR_A + 65));
}

const flagStyle: CSSProperties = {
  display: 'inline-block',
  overflow: 'hidden',
  width: '1.33em',
  height: '1em',
  verticalAlign: '-0.15em',
  backgroundPosition: 'center',
  backgroundSize: 'cover',
  borderRadius: 2,
  // White flags (Japan) keep an edge on a white page.
  boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.08)',
};

/**
 * The emoji stays in the text, drawn at no size: copied text and the page's text still read "🇬🇧 +44 …". (Taken
 * out of the flow instead, it would put a line break into the text.)
 */
const textOnlyStyle: CSSProperties = { fontSize: 0 };

interface FlagProps {
  /** ISO 3166-1 alpha-2 code ("GB"). */
  country: string;
  /** Beside the country's name the flag adds nothing for a screen reader, so it is hidden from it. */
  decorative?: boolean;
}

/** A country's flag; named after the country for screen readers unless `decorative`. */
export function Flag({ country, decorative = false }: FlagProps) {
  const urls = useFlagUrls();
  const emoji = emojiOf(country);
  const url = urls?.get(country);
  if (urls !== undefined && url === undefined) return <span aria-hidden={decorative || undefined}>{emoji}</span>;
  const name = decorative ? {} : { role: 'img', 'aria-label': regionNames.of(country) ?? country };
  // Until the table is there, an empty frame of the flag's size keeps the text from shifting.
  const picture = url === undefined ? {} : { backgroundImage: `url("${url}")` };
  return (
    <span {...name} aria-hidden={decorative || undefined} style={{ ...flagStyle, ...picture }}>
      <span style={textOnlyStyle}>{emoji}</span>
    </span>
  );
}

/**
 * Text with flag emoji ("🇬🇧 +44 7700 900123") drawn with `Flag` pictures in their place, in one inline box: as
 * loose pieces inside a flex container (a Descriptions value) the space after the flag would collapse.
 */
export function FlagText({ children, decorative }: { children: string; decorative?: boolean }): ReactNode {
  return (
    <span>
      {children
        .split(REGIONAL_INDICATOR_PAIR)
        .map((part, index) =>
          index % 2 === 1 ? (
            <Flag key={index} country={countryOf(part)} decorative={decorative} />
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
    </span>
  );
}
