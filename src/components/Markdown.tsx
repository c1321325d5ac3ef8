// Markdown from users (descriptions, comments) and from the docs base. markdown-to-jsx with raw HTML
// parsing OFF (security by default): tags in the text stay text. Links and images keep only http(s),
// mailto and same-site addresses; anything else (javascript:, data:, vbscript:…) is dropped.
import MarkdownToJsx from 'markdown-to-jsx'
import { type AnchorHTMLAttributes } from 'react'

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#|\.{0,2}\/|[^:]*$)/i

export const safeUrl = (value: string): string | null => {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so judge without them.
  const compact = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
  return SAFE_URL.test(compact) ? value : null
}

const Link = (props: AnchorHTMLAttributes<HTMLAnchorElement>) => (
  <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
)

export const Markdown = ({ children }: { children: string }) => (
  <div className="markdown">
    <MarkdownToJsx
      options={{
        disableParsingRawHTML: true,
        sanitizer: (value) => safeUrl(value),
        overrides: { a: { component: Link } },
      }}
    >
      {children}
    </MarkdownToJsx>
  </div>
)
