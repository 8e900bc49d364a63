import { registerLocales, type Messages } from '../../lib/i18n.ts';

/** The MCP tools page (namespace adminTools, issue 31). */
const zh: Messages = {
  nav: { tools: '工具（MCP）' },
  title: '工具（MCP）',
  intro: 'MCP 服务（环境变量 MCP_SERVERS 或下方添加）及其工具。工具默认停用：启用并设置每次调用的价格（积分，可为 0）后，下方勾选的模型才能在对话中调用。调用失败不扣费。',
  none: '尚未配置 MCP 服务。在环境变量 MCP_SERVERS 中添加，见部署文档。',
  source: { env: '环境变量', db: '后台添加' },
  kind: { stdio: '本机进程', http: 'HTTP' },
  unavailable: '暂不可用：{{error}}',
  enabled: '启用 {{name}}',
  price: '{{name}} 每次调用价格',
  priceUnit: '积分/次',
  destructive: '会修改数据（需用户确认，暂不调用）',
  readOnly: '只读',
  schema: '参数',
  models: '可使用工具的模型',
  modelsHint: '最多 {{rounds}} 轮工具调用。',
  saveModels: '保存模型',
  add: { title: '添加 HTTP 服务', hint: '只能添加 HTTP（streamable HTTP 或 SSE）服务；命令行服务在本机运行程序，只能由环境变量 MCP_SERVERS 设置。请求头加密保存。', name: '名称', url: '服务地址', headerName: '请求头名称（可选）', headerValue: '请求头值', submit: '添加', remove: '移除 {{name}}', confirmRemove: '移除 MCP 服务 {{name}}？其工具将不再提供。' },
  saved: '已保存',
};

const en: Messages = {
  nav: { tools: 'Tools (MCP)' },
  title: 'Tools (MCP)',
  intro: 'The MCP servers (from MCP_SERVERS or added below) and their tools. Tools are off by default: turn one on and set its price per call (credits, 0 allowed), and the models ticked below may call it in chat. A failed call is free.',
  none: 'No MCP server is configured. Add one in the MCP_SERVERS setting (see the deploy guide).',
  source: { env: 'Environment', db: 'Console' },
  kind: { stdio: 'Local process', http: 'HTTP' },
  unavailable: 'Unavailable: {{error}}',
  enabled: 'Enable {{name}}',
  price: 'Price per call of {{name}}',
  priceUnit: 'credits/call',
  destructive: 'Changes data (needs the user’s confirmation; not called yet)',
  readOnly: 'Read-only',
  schema: 'Arguments',
  models: 'Models that may use tools',
  modelsHint: 'At most {{rounds}} rounds of tool calls.',
  saveModels: 'Save models',
  add: { title: 'Add an HTTP server', hint: 'Only HTTP servers (streamable HTTP or SSE) can be added here; a command server runs a program on the host, so only MCP_SERVERS can set one. Headers are stored encrypted.', name: 'Name', url: 'Server URL', headerName: 'Header name (optional)', headerValue: 'Header value', submit: 'Add', remove: 'Remove {{name}}', confirmRemove: 'Remove the MCP server {{name}}? Its tools will no longer be offered.' },
  saved: 'Saved',
};

const tw: Messages = {
  nav: { tools: '工具（MCP）' },
  title: '工具（MCP）',
  intro: 'MCP 服務（環境變數 MCP_SERVERS 或下方新增）及其工具。工具預設停用：啟用並設定每次呼叫的價格（積分，可為 0）後，下方勾選的模型才能在對話中呼叫。呼叫失敗不扣費。',
  none: '尚未設定 MCP 服務。在環境變數 MCP_SERVERS 中新增，見部署文件。',
  source: { env: '環境變數', db: '後台新增' },
  kind: { stdio: '本機程序', http: 'HTTP' },
  unavailable: '暫不可用：{{error}}',
  enabled: '啟用 {{name}}',
  price: '{{name}} 每次呼叫價格',
  priceUnit: '積分/次',
  destructive: '會修改資料（需使用者確認，暫不呼叫）',
  readOnly: '唯讀',
  schema: '參數',
  models: '可使用工具的模型',
  modelsHint: '最多 {{rounds}} 輪工具呼叫。',
  saveModels: '儲存模型',
  add: { title: '新增 HTTP 服務', hint: '只能新增 HTTP（streamable HTTP 或 SSE）服務；命令列服務在本機執行程式，只能由環境變數 MCP_SERVERS 設定。請求標頭加密儲存。', name: '名稱', url: '服務位址', headerName: '請求標頭名稱（選填）', headerValue: '請求標頭值', submit: '新增', remove: '移除 {{name}}', confirmRemove: '移除 MCP 服務 {{name}}？其工具將不再提供。' },
  saved: '已儲存',
};

registerLocales('adminTools', { 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });
