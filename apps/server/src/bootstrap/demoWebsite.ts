import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The demo website's content, seeded with the rest of the demo; the back-office portal edits it afterwards.
 * Its pictures are the illustrations the site ships with (`/site/*.svg`, drawn for this company): an image
 * uploaded in the portal replaces any of them.
 */

export const siteSettings: Record<string, string> = {
  companyName: '启明教育科技有限公司',
  shortName: '启明教育',
  slogan: '用信息化点亮每一所学校',
  heroText:
    '十余年深耕教育信息化与校园科创服务，为教育行政部门与中小学、职业院校提供招生入学、教学管理、教师发展与科创实践一体化解决方案。',
  filingNumber: '浙ICP备14032688号-1',
  filingUrl: 'https://beian.miit.gov.cn/',
  address: '浙江省杭州市西湖区文三路388号启明大厦12层',
  mailbox: 'service@qiming-edu.cn',
  landline: '0571-8888 6620',
  mobile: '138 0571 2014',
  consultationPhone: '400-826-2014',
  publicAccountQr: '/site/qr-public-account.svg',
  contactQr: '/site/qr-contact.svg',
  mapLongitude: '120.1275',
  mapLatitude: '30.2799',
  workingHours: '周一至周五 8:30-17:30',
  heroImage: '/site/hero-campus.svg',
  keyFigures: '3000+|服务学校\n200+|区县教育局\n12年|深耕教育信息化\n60+|软件著作权',
  amapKey: '',
  amapSecurityCode: '',
};

export interface ProductContent {
  name: string;
  summary: string;
  features: string[];
  image: string;
  /** A customer's story with it, and what it achieved (`figure|label`). */
  story: string;
  results: string[];
}

export const products: ProductContent[] = [
  {
    name: '义务教育新生入学平台',
    summary:
      '面向区县教育局与中小学的一站式入学报名平台，覆盖信息采集、材料审核、学区匹配、录取公示与报到全流程，让家长少跑腿、让审核更高效。',
    features: [
      '户籍、房产、社保数据联网核验，减少纸质材料',
      '按学区与招生政策自动匹配，支持多校志愿',
      '审核进度短信与公众号实时通知',
      '录取结果分批公示，全程留痕可追溯',
    ],
    image: '/site/service-enrolment.svg',
    story:
      '杭州市西湖区教育局自2019年起使用入学报名平台。平台与公安、住建、人社数据联网后，家长不再往返学校提交纸质材料，招生季咨询电话减少了一半以上。',
    results: ['21,358|2026年受理报名人次', '96%|材料线上核验率', '15分钟|家长平均办理时间'],
  },
  {
    name: '幼儿园入园报名平台',
    summary: '为公办、普惠性民办幼儿园提供统一的线上报名与派位服务，支持按年龄段与片区规则排序，报名数据自动汇总上报。',
    features: ['适龄幼儿自动筛查，出生日期一键校验', '片区、摇号、登记多种录取方式', '园所学位余量实时发布', '报名数据一键汇总至教育局'],
    image: '/site/service-kindergarten.svg',
    story: '宁波市鄞州区一百二十余所公办与普惠性民办幼儿园统一在平台上报名、派位，学位余量实时公开，家长不再为“抢学位”排队。',
    results: ['128所|参与园所', '6,842名|在线报名幼儿', '0起|派位争议投诉'],
  },
  {
    name: '教材征订系统',
    summary: '连接教育局、学校与发行单位的教材教辅征订平台，从目录发布、学校征订到发货结算全程在线，减少差错、杜绝违规征订。',
    features: ['按学段学科发布征订目录', '学校按班级人数自动生成征订单', '征订审核与违规教辅预警', '发货签收与费用结算对账'],
    image: '/site/service-textbooks.svg',
    story: '全市四百余所学校按班级人数在线生成征订单，系统自动比对目录，违规教辅在审核环节即被拦下。',
    results: ['412所|在线征订学校', '0.08%|征订差错率', '3天|征订周期缩短'],
  },
  {
    name: '民办教育管理平台',
    summary: '支撑教育行政部门对民办学校与校外培训机构的审批、年检、收费监管与信用评价，实现“一校一档”动态管理。',
    features: ['办学许可审批与变更在线办理', '年度检查与办学质量评估', '预收费资金监管对接', '机构信用评价与公示'],
    image: '/site/service-private-schools.svg',
    story: '鄞州区将民办学校与培训机构的审批、年检与收费监管集中到一个平台，“一校一档”随时可查。',
    results: ['586所|纳入监管机构', '97%|年检线上完成率', '100%|预收费资金监管覆盖'],
  },
  {
    name: '中职学生素质评价系统',
    summary: '依据中等职业学校学生综合素质评价要求，记录学生思想品德、学业水平、专业技能、身心健康与实习实践表现，形成成长档案。',
    features: ['过程性记录与期末评价相结合', '技能证书与竞赛成绩自动归档', '企业实习评价在线填写', '学生成长报告一键生成'],
    image: '/site/service-vocational.svg',
    story: '嘉兴市建筑工业学校用系统记录学生在校表现与企业实习评价，毕业时一键生成成长报告，用人单位认可度明显提升。',
    results: ['1.8万|学生成长档案', '9,312项|技能证书自动归档', '2,406份|企业实习评价'],
  },
  {
    name: '教师成长档案系统',
    summary: '为每位教师建立贯穿职业生涯的电子成长档案，汇集培训学时、教研成果、荣誉奖励与教学业绩，服务职称评审与专业发展。',
    features: ['继续教育学时自动累计', '论文、课题、公开课成果归档', '职称评审材料一键导出', '个人发展规划与学校审核'],
    image: '/site/service-teacher-growth.svg',
    story: '温州市第二实验小学为每位教师建立电子成长档案，职称评审材料由过去的一周整理缩短为一键导出。',
    results: ['7,265份|教师电子档案', '72学时|人均年度培训', '1天|评审材料准备'],
  },
  {
    name: '教师评价系统',
    summary: '以发展性评价为导向，支持学生评教、同行互评、学校考核与教师自评多元评价，评价结果可视化呈现并用于改进教学。',
    features: ['多维度评价指标自定义', '匿名评教与数据防刷', '评价结果雷达图与历史对比', '评价数据与成长档案互通'],
    image: '/site/service-teacher-evaluation.svg',
    story: '杭州第十四中学以学生评教、同行互评和学校考核相结合，评价结果与教研组改进计划直接关联。',
    results: ['98%|学生参评率', '12项|评价维度', '4.7分|评教平均分'],
  },
];

export const cases: ProductContent[] = [
  {
    name: '校园食品安全检查',
    summary: '围绕学校食堂“采购、储存、加工、留样、配餐”关键环节，提供移动巡检、问题整改与监管看板，守护师生舌尖上的安全。',
    features: ['检查清单按国家标准内置', '手机拍照巡检，问题即时派发整改', '食材溯源与留样记录电子化', '区县监管部门实时看板'],
    image: '/site/case-food-safety.svg',
    story: '绍兴市柯桥区三百余所学校食堂使用手机巡检，问题拍照即时派发整改，监管部门在看板上实时掌握整改进度。',
    results: ['326所|巡检学校', '99.2%|问题按期整改率', '48小时|留样记录全覆盖'],
  },
  {
    name: '智慧营地',
    summary: '为研学实践教育营地提供课程预约、营员管理、安全定位与研学评价服务，让研学旅行有计划、有组织、有评价。',
    features: ['研学课程与线路在线预约', '营员分组、住宿与餐饮统一安排', '电子围栏与安全预警', '研学成果展示与综合评价'],
    image: '/site/case-camp.svg',
    story: '浙江省青少年研学实践教育营地上线智慧营地平台后，学校在线预约课程，营员位置实时可见，研学报告自动生成。',
    results: ['12,600名|年度营员', '48门|在线研学课程', '0起|安全责任事件'],
  },
  {
    name: '新高考选课',
    summary: '服务“3+1+2”新高考改革，提供生涯测评、模拟选科、走班排课与学业分析，帮助学生科学选科、学校合理配置资源。',
    features: ['霍兰德职业兴趣与学科优势测评', '选科组合与高校专业要求对照', '智能走班排课与教室分配', '选科数据统计辅助学校决策'],
    image: '/site/case-course-selection.svg',
    story: '杭州第十四中学一千二百余名学生完成测评与模拟选科，系统按选科结果自动生成走班课表。',
    results: ['1天|排课用时（原为一周）', '20种|开设选科组合', '1,260名|参与学生'],
  },
  {
    name: '近视筛查',
    summary: '联合医疗机构开展中小学生视力定期筛查，建立一人一档屈光发育档案，筛查结果推送家长并跟踪复查干预。',
    features: ['筛查设备数据直连上传', '屈光发育档案动态更新', '异常结果家长即时告知', '区域近视率统计与趋势分析'],
    image: '/site/case-vision.svg',
    story: '柯桥区全部中小学开展定期视力筛查，异常结果当天推送家长，并跟踪复查与干预情况。',
    results: ['5.2万名|建档学生', '100%|学校覆盖', '3,180次|复查提醒送达'],
  },
  {
    name: '校园广播',
    summary: '基于IP网络的校园广播系统，支持定时打铃、分区广播、应急疏散与校园电视台直播，一套平台统一管理全校音频。',
    features: ['作息时间表自动打铃', '分区、分班精准广播', '一键应急广播与疏散指引', '校园电视台直播与点播'],
    image: '/site/case-broadcast.svg',
    story: '温州市第二实验小学以IP广播替换老旧设备，作息打铃、分区通知与应急疏散由一套平台统一管理。',
    results: ['64个|广播分区', '3秒|应急广播响应', '0次|漏打铃'],
  },
];

export const aboutSections = [
  {
    title: '公司简介',
    body: '启明教育科技有限公司成立于2014年，总部位于杭州，是一家专注教育信息化与校园科创服务的国家高新技术企业。公司拥有软件著作权六十余项，服务覆盖浙江、江苏、安徽、江西等省份的两百余个区县教育局和三千余所学校。',
    image: '/site/about-history.svg',
    items: [
      '2014年|公司在杭州成立，首个产品教材征订系统上线',
      '2016年|义务教育新生入学平台在西湖区投入使用',
      '2018年|获评国家高新技术企业，合肥分公司成立',
      '2020年|推出校园科创服务，近视筛查与校园食品安全检查上线',
      '2022年|服务学校突破两千所，通过ISO 27001认证',
      '2024年|通过CMMI三级认证，新高考选课系统发布',
      '2026年|服务三千余所学校，两百余个区县教育局',
    ],
  },
  {
    title: '企业文化',
    body: '我们秉持“启智育人，明德致远”的理念，坚持以学生为中心、以需求为导向、以质量为生命。团队崇尚专业、务实与协作，愿与每一位教育工作者一起，把技术真正用在课堂里、用在校园中。',
    image: '/site/about-culture.svg',
    items: [
      '使命|用信息化点亮每一所学校',
      '愿景|成为师生信赖的教育服务伙伴',
      '价值观|专业、务实、协作、担当',
      '作风|今日事今日毕，问题不过夜',
    ],
  },
  {
    title: '荣誉资质',
    body: '公司先后获评国家高新技术企业、浙江省科技型中小企业、杭州市专利试点企业，通过ISO 9001质量管理体系、ISO 27001信息安全管理体系与CMMI三级认证，多个产品入选省级教育信息化优秀应用案例。',
    image: '/site/about-honours.svg',
    items: [
      '2018年|国家高新技术企业',
      '2021年|ISO 9001质量管理体系认证',
      '2022年|ISO 27001信息安全管理体系认证',
      '2023年|省级教育信息化优秀应用案例',
      '2024年|CMMI三级认证',
      '2025年|浙江省科技型中小企业',
    ],
  },
  {
    title: '服务宗旨',
    body: '用心服务每一所学校。我们为每个项目配备专属实施与运维团队，提供7×12小时客服热线、重大考试与招生期间驻场保障，确保系统稳定运行、问题当日响应。',
    image: '/site/about-service.svg',
    items: [
      '专属团队|每个项目配备实施与运维工程师',
      '7×12小时|客服热线随时响应',
      '驻场保障|招生与重大考试期间到校值守',
      '当日响应|问题当天答复，紧急故障两小时到场',
    ],
  },
];

export const customers = [
  {
    name: '杭州市西湖区教育局',
    category: '教育行政部门',
    region: '浙江杭州',
    description: '义务教育新生入学平台、教材征订系统',
    logo: '/site/logo-xihu-education.svg',
  },
  {
    name: '宁波市鄞州区教育局',
    category: '教育行政部门',
    region: '浙江宁波',
    description: '幼儿园入园报名平台、民办教育管理平台',
    logo: '/site/logo-yinzhou-education.svg',
  },
  {
    name: '绍兴市柯桥区教育体育局',
    category: '教育行政部门',
    region: '浙江绍兴',
    description: '校园食品安全检查、近视筛查',
    logo: '/site/logo-keqiao-education.svg',
  },
  {
    name: '合肥市包河区教育体育局',
    category: '教育行政部门',
    region: '安徽合肥',
    description: '义务教育新生入学平台',
    logo: '/site/logo-baohe-education.svg',
  },
  {
    name: '杭州第十四中学',
    category: '中小学',
    region: '浙江杭州',
    description: '新高考选课、教师评价系统',
    logo: '/site/logo-hangzhou-14.svg',
  },
  {
    name: '温州市第二实验小学',
    category: '中小学',
    region: '浙江温州',
    description: '校园广播、教师成长档案系统',
    logo: '/site/logo-wenzhou-experimental.svg',
  },
  {
    name: '嘉兴市建筑工业学校',
    category: '职业院校',
    region: '浙江嘉兴',
    description: '中职学生素质评价系统',
    logo: '/site/logo-jiaxing-construction.svg',
  },
  {
    name: '浙江省青少年研学实践教育营地',
    category: '研学营地',
    region: '浙江湖州',
    description: '智慧营地',
    logo: '/site/logo-zhejiang-camp.svg',
  },
];

export const positions = [
  {
    title: 'Java 后端开发工程师',
    department: '研发中心',
    location: '杭州',
    headcount: 3,
    duties: '负责教育信息化平台后端服务的设计与开发；参与招生入学等高并发场景的性能优化；编写技术文档并参与代码评审。',
    requirements:
      '本科及以上学历，计算机相关专业；三年以上 Java 开发经验，熟悉 Spring Boot、MySQL、Redis；有政务或教育行业项目经验者优先。',
  },
  {
    title: '前端开发工程师',
    department: '研发中心',
    location: '杭州',
    headcount: 2,
    duties: '负责管理后台与移动端页面开发；与设计、后端协作完成需求交付；持续改进页面性能与可访问性。',
    requirements: '熟悉 React 或 Vue 与 TypeScript；了解前端工程化与性能优化；有大型中后台项目经验者优先。',
  },
  {
    title: '实施工程师',
    department: '交付中心',
    location: '杭州、合肥',
    headcount: 4,
    duties: '负责项目现场部署、数据初始化与用户培训；招生期间驻场保障；收集客户需求并反馈产品团队。',
    requirements: '大专及以上学历；沟通表达能力强，能适应短期出差；熟悉 Linux 与数据库基本操作者优先。',
  },
  {
    title: '教育产品经理',
    department: '产品部',
    location: '杭州',
    headcount: 1,
    duties: '负责教师发展类产品的规划与迭代；深入学校调研，撰写需求文档；跟踪产品数据并推动改进。',
    requirements: '三年以上产品经验；熟悉中小学教学与教师管理业务；有教师或教研经历者优先。',
  },
];

export const news = [
  {
    title: '2026年西湖区义务教育入学报名平台顺利完成招生保障',
    cover: '/site/news-enrolment.svg',
    summary: '今年共受理报名两万余人次，资料线上核验率达百分之九十六，家长平均办理时间缩短至十五分钟。',
    publishedAt: '2026-08-06 09:00',
    body: '<p>8月5日，2026年西湖区义务教育阶段招生工作圆满结束。启明教育为区教育局提供的入学报名平台平稳运行，全程零故障。</p><h2>数据多跑路，家长少跑腿</h2><p>平台与公安、住建、人社等部门数据联网，户籍、房产与社保信息实现自动核验，线上核验率达到<strong>96%</strong>。</p><ul><li>受理报名 21,358 人次</li><li>平均办理时间 15 分钟</li><li>审核问题当日回复率 100%</li></ul><p>招生期间，公司组建十二人驻场保障团队，确保系统稳定运行。</p>',
  },
  {
    title: '启明教育通过CMMI三级认证',
    cover: '/site/news-cmmi.svg',
    summary: '标志着公司软件研发管理能力迈上新台阶，为承接更大规模的教育信息化项目奠定基础。',
    publishedAt: '2026-06-18 14:30',
    body: '<p>近日，启明教育科技有限公司顺利通过CMMI三级认证评估。</p><p>评估组对公司需求管理、项目策划、验证与确认等过程域进行了全面审查，认为公司已建立规范的研发管理体系。</p>',
  },
  {
    title: '近视筛查项目覆盖柯桥区全部中小学',
    cover: '/site/news-vision.svg',
    summary: '全区五万余名中小学生建立屈光发育档案，筛查结果第一时间推送家长。',
    publishedAt: '2026-05-20 10:00',
    body: '<p>柯桥区中小学生近视筛查项目已覆盖全区全部中小学校，累计为五万余名学生建立屈光发育档案。</p><p>筛查数据由设备直连上传，异常结果通过公众号即时告知家长，并提醒到医疗机构复查。</p>',
  },
  {
    title: '新高考选课系统助力杭州第十四中学走班教学',
    cover: '/site/news-course-selection.svg',
    summary: '系统根据学生选科结果自动生成走班课表，排课时间由一周缩短至一天。',
    publishedAt: '2026-03-12 16:00',
    body: '<p>新学期开学，杭州第十四中学启用启明新高考选课系统。</p><p>系统综合学生选科、教师与教室资源，自动生成走班课表，<em>排课时间由一周缩短至一天</em>。</p>',
  },
  {
    title: '智慧营地平台在省青少年研学实践教育营地上线',
    cover: '/site/news-camp.svg',
    summary: '研学课程在线预约、营员安全定位与研学评价实现一体化管理。',
    publishedAt: '2025-11-28 09:30',
    body: '<p>浙江省青少年研学实践教育营地智慧营地平台正式上线运行。</p><p>学校可在线预约研学课程，营地通过电子围栏实时掌握营员位置，研学结束后自动生成研学评价报告。</p>',
  },
  {
    title: '公司参加2025年中国教育装备展示会',
    cover: '/site/news-expo.svg',
    summary: '校园食品安全检查与校园广播解决方案受到与会代表关注。',
    publishedAt: '2025-10-24 11:00',
    body: '<p>第八十六届中国教育装备展示会在重庆举行，启明教育携校园科创系列产品参展。</p><p>展会期间，公司接待各地教育部门与学校代表三百余人次。</p>',
  },
  {
    title: '教材征订系统完成年度秋季征订',
    cover: '/site/news-textbooks.svg',
    summary: '全市四百余所学校在线完成秋季教材征订，征订差错率降至千分之一以下。',
    publishedAt: '2025-07-15 15:00',
    body: '<p>2025年秋季教材征订工作顺利完成，全市四百余所学校通过启明教材征订系统在线提交征订单。</p><p>系统按班级人数自动生成征订数量，征订差错率降至千分之一以下。</p>',
  },
  {
    title: '启明教育获评浙江省科技型中小企业',
    cover: '/site/news-award.svg',
    summary: '公司持续加大研发投入，研发人员占比超过百分之六十。',
    publishedAt: '2025-04-09 10:00',
    body: '<p>经专家评审，启明教育科技有限公司获评浙江省科技型中小企业。</p><p>公司研发人员占比超过60%，近三年研发投入年均增长20%以上。</p>',
  },
  {
    title: '2026年寒假教师信息技术研修安排',
    cover: '/site/news-training.svg',
    summary: '寒假期间面向合作学校开设三期线上研修，报名通道即将开放。',
    publishedAt: '2026-11-25 09:00',
    body: '<p>为帮助教师熟练使用各类教学平台，公司将在寒假期间开设三期线上研修。</p><p>研修安排与报名方式确定后另行通知。</p>',
  },
  {
    title: '关于平台例行维护的通知',
    cover: '/site/news-maintenance.svg',
    summary: '入学报名平台将于周六凌晨进行例行维护，届时暂停服务两小时。',
    publishedAt: '2026-06-13 18:00',
    body: '<p>入学报名平台将于6月14日凌晨0:00至2:00进行例行维护，维护期间暂停服务。</p>',
  },
];

/** China Standard Time, as the content's dates are written. */
const chinaTime = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);

/**
 * The demo's news in every state an editor meets: one is pinned, the last two are a draft and a
 * withdrawn notice; each has a cover, and the first one's body shows its picture too.
 */
const newsStates = (index: number) => ({
  status: index === 8 ? ('draft' as const) : index === 9 ? ('withdrawn' as const) : ('published' as const),
  pinned: index === 1 ? 1 : 0,
});

/**
 * Fills the public website with the demo company's content. Its pictures ship with the site, so nothing
 * is stored under the data directory or as an account's upload: those parameters stay for the caller.
 */
export async function seedDemoWebsite(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('portal_setting')
    .values(Object.entries(siteSettings).map(([key, value]) => ({ key, value })))
    .execute();
  const services = [
    ...products.map((service, seq) => ({ kind: 'information' as const, seq, ...service })),
    ...cases.map((service, seq) => ({ kind: 'innovation' as const, seq, ...service })),
  ];
  await db
    .insertInto('portal_service')
    .values(
      services.map((service) => ({
        ...service,
        features: JSON.stringify(service.features),
        results: JSON.stringify(service.results),
      })),
    )
    .execute();
  await db
    .insertInto('portal_news')
    .values(
      news.map((item, index) => ({
        title: item.title,
        summary: item.summary,
        cover: item.cover,
        body: index === 0 ? `<figure><img src="${item.cover}" alt="招生保障现场"></figure>${item.body}` : item.body,
        published_at: chinaTime(item.publishedAt),
        updated_at: now,
        ...newsStates(index),
      })),
    )
    .execute();
  await db
    .insertInto('portal_customer')
    .values(customers.map((customer, seq) => ({ seq, ...customer })))
    .execute();
  await db
    .insertInto('portal_about_section')
    .values(aboutSections.map((section, seq) => ({ seq, ...section, items: JSON.stringify(section.items) })))
    .execute();
  await db
    .insertInto('portal_position')
    .values(positions.map((position, seq) => ({ seq, ...position })))
    .execute();
}
