import MarkdownIt, { type Token } from 'markdown-it';
import { createElement, Fragment, type ReactNode } from 'react';
import { cx } from './cx.ts';

/**
 * Markdown written by the national administrators (platform articles), shown on the public article page
 * and in the content screen's preview (docs/decisions/0035-markdown.md). markdown-it parses it without raw
 * HTML (`html: false`: a tag stays text); its tokens become React elements from a fixed list, never an HTML
 * string, so whatever the parser lets through is still written as escaped text.
 */
const parser = new MarkdownIt('commonmark', { html: false });
// Pictures would load from other sites; an indented line would turn into code for whoever indents a paragraph.
parser.disable(['image', 'code']);
parser.validateLink = (url) => linkTarget(url) !== null;

const SCHEME = /^([a-z][a-z\d+.-]*):/i;

interface LinkTarget {
  href: string;
  /** Another site's address: the link gets rel="noopener noreferrer". */
  external: boolean;
}

/**
 * Where a link may lead: http(s) and mailto addresses, and this site's own paths (`/faq`, `#partie`).
 * Any other scheme (javascript:, data:, vbscript:, file:…) is refused, and so is anything with a colon
 * before its path that a browser could read as one: the link then stays text.
 */
export function linkTarget(url: string): LinkTarget | null {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return { href: url, external: true };
  if (scheme === 'mailto') return { href: url, external: false };
  if (scheme !== undefined || /^[^/?#]*:/.test(url)) return null;
  return { href: url, external: url.startsWith('//') };
}

interface Frame {
  token: Token | null;
  children: ReactNode[];
}

/** Builds the tree a token list describes (`_open` / `_close` pairs around their children). */
function build(tokens: Token[], element: (token: Token, key: number, children: ReactNode[]) => ReactNode) {
  const root: Frame = { token: null, children: [] };
  const stack: Frame[] = [root];
  let top = root;
  tokens.forEach((token, key) => {
    if (token.nesting === 1) {
      top = { token, children: [] };
      stack.push(top);
    } else if (token.nesting === -1 && stack.length > 1) {
      const { token: open, children } = stack.pop() as Frame;
      top = stack[stack.length - 1] as Frame;
      top.children.push(element(open ?? token, key, children));
    } else {
      top.children.push(element(token, key, []));
    }
  });
  return root.children;
}

function inline(tokens: Token[]): ReactNode[] {
  return build(tokens, (token, key, children) => {
    switch (token.type) {
      case 'text':
        return token.content;
      case 'softbreak':
      case 'hardbreak':
        // A line break typed in the text area is a line break on the page.
        return <br key={key} />;
      case 'code_inline':
        return <code key={key}>{token.content}</code>;
      case 'em_open':
        return <em key={key}>{children}</em>;
      case 'strong_open':
        return <strong key={key}>{children}</strong>;
      case 'link_open': {
        const target = linkTarget(String(token.attrGet('href') ?? ''));
        if (!target) return <Fragment key={key}>{children}</Fragment>;
        return (
          <a
            key={key}
            className="link"
            href={target.href}
            title={token.attrGet('title')?.toString()}
            rel={target.external ? 'noopener noreferrer' : undefined}
          >
            {children}
          </a>
        );
      }
      default:
        return children.length > 0 ? <Fragment key={key}>{children}</Fragment> : token.content;
    }
  });
}

/**
 * The heading levels a text uses, ranked: its highest becomes `top`, the next one `top + 1`… Then no
 * heading goes deeper than one below the previous one, so the page keeps its single h1 and no level is
 * skipped, whatever the author chose.
 */
function headingLevels(tokens: Token[], top: number): Map<Token, number> {
  const opens = tokens.filter((token) => token.type === 'heading_open');
  const ranks = [...new Set(opens.map((token) => token.tag))].sort();
  const levels = new Map<Token, number>();
  let previous = top - 1;
  for (const token of opens) {
    previous = Math.min(top + ranks.indexOf(token.tag), previous + 1, 6);
    levels.set(token, previous);
  }
  return levels;
}

function blocks(tokens: Token[], top: number): ReactNode[] {
  const levels = headingLevels(tokens, top);
  return build(tokens, (token, key, children) => {
    switch (token.type) {
      case 'inline':
        return <Fragment key={key}>{inline(token.children ?? [])}</Fragment>;
      case 'paragraph_open':
        // A tight list's items hold their text without a paragraph.
        return token.hidden ? <Fragment key={key}>{children}</Fragment> : <p key={key}>{children}</p>;
      case 'heading_open':
        return createElement(`h${levels.get(token) ?? top}`, { key }, children);
      case 'bullet_list_open':
        return <ul key={key}>{children}</ul>;
      case 'ordered_list_open': {
        const start = Number(token.attrGet('start') ?? 1);
        return (
          <ol key={key} start={start === 1 ? undefined : start}>
            {children}
          </ol>
        );
      }
      case 'list_item_open':
        return <li key={key}>{children}</li>;
      case 'blockquote_open':
        return <blockquote key={key}>{children}</blockquote>;
      case 'fence':
        return (
          <pre key={key}>
            <code>{token.content}</code>
          </pre>
        );
      case 'hr':
        return <hr key={key} />;
      default:
        return children.length > 0 ? <Fragment key={key}>{children}</Fragment> : token.content;
    }
  });
}

export interface MarkdownProps {
  source: string;
  /** The level a `#` heading takes on this page: 2 under the page's h1. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** Paragraphs, line breaks, headings, lists, quotes, emphasis, code and safe links; raw HTML stays text. */
export function Markdown({ source, headingLevel = 2, className }: MarkdownProps) {
  return <div className={cx('markdown', className)}>{blocks(parser.parse(source, {}), headingLevel)}</div>;
}
