import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the charts and parts the back-office draws, so the chunk stays a fraction of the full build. No
// AriaComponent: EChart labels each chart itself, and ECharts' own description would only repeat it.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
