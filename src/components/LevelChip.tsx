// docs/spec.md §2: the level chip is dark when isOliver is 1, purple otherwise; 'Lv. N' or 'Olivier' + I..X.
import { Tag } from 'antd'
import { levelLabel } from '../../common/format'

export const OLIVIER_COLOR = '#212121'
export const LEVEL_COLOR = '#7b1fa2'

export const LevelChip = ({ level, isOliver }: { level: number; isOliver: 0 | 1 | boolean }) => (
  <Tag
    data-testid="level-chip"
    data-olivier={isOliver ? '1' : '0'}
    color={isOliver ? OLIVIER_COLOR : LEVEL_COLOR}
    style={{ marginInlineEnd: 0, fontWeight: 600 }}
  >
    {levelLabel(level, !!isOliver)}
  </Tag>
)
