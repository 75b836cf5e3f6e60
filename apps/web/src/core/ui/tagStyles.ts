import type { CSSProperties } from 'react';

/**
 * A warning tag that can be read: antd's orange and gold tags (and `warning`) reach only 1.8 to 3.3:1
 * on their tint; orange-8 on orange-1 reaches 5.6:1, enough for axe's 4.5:1.
 */
export const cautionTagStyle: CSSProperties = { color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591' };
