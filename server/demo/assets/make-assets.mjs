// Makes the demo assets that ship with the repository: square covers drawn from our own SVG shapes
// (rendered by sharp) and short synthesised tunes (ffmpeg, libmp3lame). Nothing here comes from a game.
// Run: npm run demo:assets   (needs ffmpeg on PATH)
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const dir = path.dirname(fileURLToPath(import.meta.url))

const covers = [
  { name: 'cover-starlight', from: '#3a0ca3', to: '#f72585', points: 5 },
  { name: 'cover-relay', from: '#03045e', to: '#00b4d8', points: 6 },
  { name: 'cover-olivier', from: '#1b1b1b', to: '#8d99ae', points: 8 },
  { name: 'cover-sketch', from: '#6a994e', to: '#f2e8cf', points: 4 },
]

const star = (cx, cy, outer, inner, points) => {
  const coords = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner
    const a = (Math.PI * i) / points - Math.PI / 2
    coords.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`)
  }
  return coords.join(' ')
}

for (const cover of covers) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${cover.from}"/><stop offset="1" stop-color="${cover.to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="256" cy="256" r="200" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>
  <circle cx="256" cy="256" r="150" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="3"/>
  <polygon points="${star(256, 256, 120, 50, cover.points)}" fill="#ffffff" fill-opacity="0.9"/>
</svg>`
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(dir, `${cover.name}.png`))
}

// Plucked arpeggios: each note is a sine with an exponential decay, 4 notes a second (eighth notes at
// 120 BPM, the demo charts' tempo), over a four-chord progression that changes every 4 s, 32 s long
// (16 measures: server/demo/chart.ts).
const tunes = [
  { name: 'tune-a', base: 261.63, steps: [0, 4, 7, 12, 7, 4, 0, 4], chords: [0, 5, 9, 7] },
  { name: 'tune-b', base: 220.0, steps: [0, 3, 7, 10, 12, 10, 7, 3], chords: [0, 8, 3, 10] },
]
for (const tune of tunes) {
  const n = tune.steps.length
  const pick = tune.steps.map((step, i) => `eq(mod(floor(t*4),${n}),${i})*${step}`).join('+')
  const chord = tune.chords
    .map((step, i) => `eq(mod(floor(t/4),${tune.chords.length}),${i})*${step}`)
    .join('+')
  const expr = `0.45*sin(2*PI*${tune.base}*pow(2,(${pick}+${chord})/12)*t)*exp(-5*mod(t,0.25))`
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    // Commas separate filters in a lavfi graph, so the expression is quoted.
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${expr}':s=44100:d=32`,
    '-map_metadata',
    '-1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    '-ac',
    '1',
    path.join(dir, `${tune.name}.mp3`),
  ])
}
console.log('demo assets written to', dir)
