// Markdown as the app shows it: plain text, the words kept, the marks gone.
import { describe, expect, it } from 'vitest'
import { markdownToPlain } from '../../common/plainText'

describe('markdownToPlain', () => {
  it.each([
    ['A **demo chart** that ships', 'A demo chart that ships'],
    ['*Demo content.* and _this_ and __that__', 'Demo content. and this and that'],
    ['~~old~~ new', 'old new'],
    ['See [the guide](https://example.com/guide) now', 'See the guide (https://example.com/guide) now'],
    ['<https://example.com>', 'https://example.com'],
    ['![cover](/x.png)', 'cover'],
    ['use `npm start`', 'use npm start'],
    ['## Notes ##', 'Notes'],
    ['- taps and holds\n- a gentle opener', '• taps and holds\n• a gentle opener'],
    ['1. first\n2. second', '1. first\n2. second'],
    ['- [x] done\n- [ ] todo', '☑ done\n☐ todo'],
    ['> Alice: nice\n\nthanks', '│ Alice: nice\n\nthanks'],
    ['```\n**kept** as is\n```', '**kept** as is'],
    ['a\\*b\\*c', 'a*b*c'],
    ['<b>raw html</b> stays text', '<b>raw html</b> stays text'],
    ['2 * 3 * 4 = 24', '2 * 3 * 4 = 24'],
    ['snake_case_name', 'snake_case_name'],
    ['one\r\n\r\n\r\n\r\ntwo', 'one\n\ntwo'],
    ['---', '──────'],
  ])('%j → %j', (markdown, plain) => {
    expect(markdownToPlain(markdown)).toBe(plain)
  })
})
