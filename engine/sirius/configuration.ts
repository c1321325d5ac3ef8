// The options players set and the app's UI for the engine. Option names are the app's standard ones
// (it translates them into every language it has), in the order of OPTION (Level Option indexes).
import type { EngineConfiguration, EngineConfigurationOption } from '@sonolus/core'
import { OPTION } from './constants.js'

const SCOPE = 'SiriusCharts'

const OPTIONS: Record<keyof typeof OPTION, EngineConfigurationOption> = {
  speed: {
    name: '#SPEED',
    standard: true,
    scope: SCOPE,
    type: 'slider',
    def: 1,
    min: 0.5,
    max: 2,
    step: 0.05,
    unit: '#PERCENTAGE_UNIT',
  },
  noteSpeed: { name: '#NOTE_SPEED', scope: SCOPE, type: 'slider', def: 5, min: 1, max: 25, step: 0.1 },
  mirror: { name: '#MIRROR', scope: SCOPE, type: 'toggle', def: 0 },
  noteSize: {
    name: '#NOTE_SIZE',
    scope: SCOPE,
    type: 'slider',
    def: 1,
    min: 0.5,
    max: 2,
    step: 0.05,
    unit: '#PERCENTAGE_UNIT',
  },
  stageAlpha: {
    name: '#STAGE_ALPHA',
    scope: SCOPE,
    type: 'slider',
    def: 0.8,
    min: 0,
    max: 1,
    step: 0.05,
    unit: '#PERCENTAGE_UNIT',
  },
  hitSounds: { name: '#EFFECT', scope: SCOPE, type: 'toggle', def: 1 },
  autoSfx: { name: '#EFFECT_AUTO', scope: SCOPE, type: 'toggle', def: 0 },
  syncLines: { name: '#SIMLINE', scope: SCOPE, type: 'toggle', def: 1 },
}

const visible = { scale: 1, alpha: 1 }
const tween = (from: number, to: number, duration: number, ease: 'linear' | 'inSine' | 'outCubic') => ({
  from,
  to,
  duration,
  ease,
})

export const buildConfiguration = (): EngineConfiguration => ({
  options: (Object.keys(OPTION) as (keyof typeof OPTION)[])
    .sort((a, b) => OPTION[a] - OPTION[b])
    .map((key) => OPTIONS[key]),
  ui: {
    scope: SCOPE,
    primaryMetric: 'arcade',
    secondaryMetric: 'life',
    menuVisibility: visible,
    judgmentVisibility: visible,
    comboVisibility: visible,
    primaryMetricVisibility: visible,
    secondaryMetricVisibility: visible,
    progressVisibility: visible,
    tutorialNavigationVisibility: visible,
    tutorialInstructionVisibility: visible,
    judgmentAnimation: { scale: tween(0.6, 1, 0.1, 'inSine'), alpha: tween(0.6, 1, 0.1, 'inSine') },
    comboAnimation: { scale: tween(1.2, 1, 0.15, 'outCubic'), alpha: tween(1, 1, 0, 'linear') },
    judgmentErrorStyle: 'late',
    judgmentErrorPlacement: 'top',
    judgmentErrorMin: 20,
  },
})

/** Every option at its default (what the app starts with). */
export const defaultOptions = (): number[] => buildConfiguration().options.map((option) => option.def)
