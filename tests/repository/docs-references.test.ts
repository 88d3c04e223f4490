/**
 * The design lives in docs/, inside the repository: no tracked file may point to the design folder that used to
 * sit beside it (`../shared`, ARCHITECTURE, STYLE.md), every `docs/architecture.md §n` must name a section the
 * page has, and every `docs/<page>.md` named must exist. The files are `git ls-files`', as a clone has them.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ARCHITECTURE_PAGE = 'docs/architecture.md';
/** This file spells out what it looks for, so it is checked by the cases below instead of by the scan. */
const SELF = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

interface KnownDocs {
  /** The section numbers of docs/architecture.md. */
  sections: ReadonlySet<number>;
  /** The tracked files under docs/, e.g. `docs/style.md`. */
  pages: ReadonlySet<string>;
}

/** The numbers of the page's `## §n` headings, in order. */
export function sectionNumbers(markdown: string): number[] {
  return [...markdown.matchAll(/^##\s+§(\d+)\b/gm)].map((match) => Number(match[1]));
}

const OUTSIDE_NAMES: readonly [RegExp, string][] = [
  [/\bARCHITECTURE\b/, `names ARCHITECTURE, which is outside the repository: cite ${ARCHITECTURE_PAGE} §n`],
  [/\bSTYLE\b/, 'names STYLE(.md), which is outside the repository: cite docs/style.md'],
];
/** `../shared`, `../../shared/…`: a path that climbs to a folder called shared. */
const SHARED_PATH = /(?:\.\.\/)+shared\b/g;
/** `docs/architecture.md §3`, `architecture.md §1, §8`, `architecture §6` (one or more sections after the page). */
const SECTION_CITATION = /architecture(?:\.md)?((?:\s*(?:,|and|or|–|-)?\s*§\s*\d+)+)/gi;
const DOCS_PAGE = /\bdocs\/[\w.-]+\.md\b/g;

/** What is wrong with the references of one file, one sentence per problem, each with its line number. */
export function referenceProblems(file: string, text: string, known: KnownDocs): string[] {
  const problems: string[] = [];
  const directory = path.posix.dirname(file);
  const citedSections = (line: string): number[] => {
    const cited = [...line.matchAll(SECTION_CITATION)].flatMap((match) =>
      [...match[1]!.matchAll(/§\s*(\d+)/g)].map((number) => Number(number[1])),
    );
    // The page's own cross-references (`(§6)`) are citations of it too.
    return file === ARCHITECTURE_PAGE ? [...line.matchAll(/§(\d+)/g)].map((match) => Number(match[1])) : cited;
  };
  text.split('\n').forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    for (const [pattern, problem] of OUTSIDE_NAMES) if (pattern.test(line)) problems.push(`${at} ${problem}`);
    for (const match of line.matchAll(SHARED_PATH)) {
      // web/src/features/x/y.ts importing '../../shared/z' stays inside; README.md's '../shared' does not.
      if (path.posix.normalize(path.posix.join(directory, match[0])).startsWith('../')) {
        problems.push(`${at} points to ${match[0]}, outside the repository: point into docs/`);
      }
    }
    for (const section of citedSections(line)) {
      if (!known.sections.has(section)) problems.push(`${at} cites ${ARCHITECTURE_PAGE} §${section}, which it lacks`);
    }
    for (const [page] of line.matchAll(DOCS_PAGE)) {
      if (!known.pages.has(page)) problems.push(`${at} names ${page}, which does not exist`);
    }
  });
  return problems;
}

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
}

describe('references to the design', () => {
  const files = trackedFiles();
  const architecture = readFileSync(path.join(ROOT, ARCHITECTURE_PAGE), 'utf8');
  const known: KnownDocs = {
    sections: new Set(sectionNumbers(architecture)),
    pages: new Set(files.filter((file) => file.startsWith('docs/'))),
  };

  it('numbers the architecture sections §1, §2, … without gaps', () => {
    const numbers = sectionNumbers(architecture);
    assert.ok(numbers.length > 0, `${ARCHITECTURE_PAGE} has no "## §n" headings`);
    assert.deepEqual(
      numbers,
      numbers.map((_, index) => index + 1),
    );
  });

  it('points every tracked file inside the repository, at sections and pages that exist', () => {
    const problems = files
      .filter((file) => file !== SELF)
      .flatMap((file) => {
        const content = readFileSync(path.join(ROOT, file));
        return content.includes(0) ? [] : referenceProblems(file, content.toString('utf8'), known);
      });
    assert.deepEqual(problems, []);
  });

  describe('the check itself', () => {
    const sample: KnownDocs = { sections: new Set([1, 2, 3]), pages: new Set(['docs/architecture.md']) };

    it('refuses the design folder outside the repository, by path or by name', () => {
      const problems = referenceProblems('README.md', 'The design is in `../shared/ARCHITECTURE.md`.\n', sample);
      assert.equal(problems.length, 2);
      assert.match(problems.join('\n'), /README\.md:1 names ARCHITECTURE/);
      assert.match(problems.join('\n'), /README\.md:1 points to \.\.\/shared/);
      assert.equal(referenceProblems('libs/a/src/b.ts', '/** (ARCHITECTURE §3) */', sample).length, 1);
      assert.equal(referenceProblems('libs/a/src/b.ts', '// STYLE.md, STYLE: errors', sample).length, 1);
      assert.equal(referenceProblems('deploy/README.md', 'see ../../shared/spec', sample).length, 1);
    });

    it("lets the web's own shared folder through", () => {
      const code = "import { A } from '../../shared/a';\nimport { B } from '../../../shared/b';\n";
      assert.deepEqual(referenceProblems('web/src/features/tests/components/C.tsx', code, sample), []);
    });

    it('refuses a section the page lacks, and a page that does not exist', () => {
      assert.deepEqual(referenceProblems('libs/a/src/b.ts', '/** (docs/architecture.md §2) */', sample), []);
      assert.deepEqual(referenceProblems('libs/a/src/b.ts', '// docs/architecture.md §9: x', sample), [
        'libs/a/src/b.ts:1 cites docs/architecture.md §9, which it lacks',
      ]);
      assert.equal(referenceProblems('a.ts', '// docs/architecture.md §1, §7', sample).length, 1);
      assert.deepEqual(referenceProblems('a.ts', '// docs/nowhere.md', sample), [
        'a.ts:1 names docs/nowhere.md, which does not exist',
      ]);
      assert.equal(referenceProblems('docs/architecture.md', 'as in §4', sample).length, 1);
    });
  });
});
