import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTool, AdminToolServer, AdminToolsReply } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { toolsEp } from '../api-tools.ts';
import { Badge, btn, Card, Field, input, PageTitle, Toggle } from '../components/ui.tsx';
import '../locales-tools.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const NS = 'adminTools';
const KEY = ['admin', 'tools'];

function ToolRow({ server, tool }: { server: string; tool: AdminTool }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [price, setPrice] = useState(String(tool.price));
  const save = useMutation({
    mutationFn: (body: { enabled?: boolean; price?: number }) => callRoute(toolsEp.setting, body, { params: { server, tool: tool.name } }),
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      toast.success(t('saved'));
    },
  });
  const id = `tool-${server}-${tool.name}`;
  const commitPrice = () => {
    const n = Number(price);
    if (price.trim() !== '' && n !== tool.price) save.mutate({ price: n });
  };
  return (
    <li className="flex flex-col gap-2 border-t border-neutral-200 py-3 first:border-t-0 sm:flex-row sm:items-start dark:border-neutral-800" data-testid={id}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="text-sm font-semibold break-all">{tool.name}</code>
          {tool.annotations.destructiveHint && !tool.annotations.readOnlyHint && <Badge tone="red">{t('destructive')}</Badge>}
          {tool.annotations.readOnlyHint && <Badge tone="gray">{t('readOnly')}</Badge>}
        </div>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{tool.description}</p>
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-neutral-600 dark:text-neutral-400">{t('schema')}</summary>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-neutral-100 p-2 dark:bg-neutral-900">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
        </details>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <label className="flex items-center gap-1 text-sm">
          <input
            className={input.replace('w-full', 'w-20')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            aria-label={t('price', { name: tool.name })}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            onBlur={commitPrice}
            onKeyDown={(e) => e.key === 'Enter' && commitPrice()}
          />
          <span className="whitespace-nowrap text-neutral-600 dark:text-neutral-400">{t('priceUnit')}</span>
        </label>
        <Toggle id={`${id}-on`} checked={tool.enabled} onChange={(v) => save.mutate({ enabled: v })} label={t('enabled', { name: tool.name })} />
      </div>
    </li>
  );
}

function ServerCard({ server }: { server: AdminToolServer }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => callRoute(toolsEp.serverDelete, undefined, { params: { name: server.name } }),
    onSuccess: (data) => qc.setQueryData(KEY, data),
  });
  return (
    <Card
      actions={
        server.source === 'db' && (
          <button type="button" className={btn.secondary} disabled={remove.isPending} onClick={() => window.confirm(t('add.confirmRemove', { name: server.name })) && remove.mutate()}>
            {t('add.remove', { name: server.name })}
          </button>
        )
      }
      title={
        <span className="flex flex-wrap items-center gap-2">
          {server.name}
          <Badge tone="indigo">{t(`kind.${server.kind}`)}</Badge>
          <Badge tone="gray">{t(`source.${server.source}`)}</Badge>
        </span>
      }
    >
      {server.error && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
          {t('unavailable', { error: server.error })}
        </p>
      )}
      <ul>
        {server.tools.map((tool) => (
          <ToolRow key={tool.name} server={server.name} tool={tool} />
        ))}
      </ul>
    </Card>
  );
}

function ModelsCard({ data }: { data: AdminToolsReply }) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [picked, setPicked] = useState(() => new Set(data.models.filter((m) => m.tools).map((m) => m.id)));
  const save = useMutation({
    mutationFn: () => callRoute(toolsEp.models, { modelIds: [...picked] }),
    onSuccess: (reply) => {
      qc.setQueryData(KEY, reply);
      toast.success(t('saved'));
    },
  });
  return (
    <Card
      title={t('models')}
      actions={
        <button type="button" className={btn.primary} disabled={save.isPending} onClick={() => save.mutate()}>
          {t('saveModels')}
        </button>
      }
    >
      <p className="mb-2 text-sm text-neutral-600 dark:text-neutral-400">{t('modelsHint', { rounds: data.maxRounds })}</p>
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        {data.models.map((m) => (
          <li key={m.id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={picked.has(m.id)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if (e.target.checked) next.add(m.id);
                  else next.delete(m.id);
                  setPicked(next);
                }}
              />
              {m.label}
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AddServerCard() {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [form, setForm] = useState({ name: '', url: '', headerName: '', headerValue: '' });
  const add = useMutation({
    mutationFn: () => callRoute(toolsEp.serverSave, { name: form.name, url: form.url, headers: form.headerName.trim() ? { [form.headerName.trim()]: form.headerValue } : {} }),
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      setForm({ name: '', url: '', headerName: '', headerValue: '' });
      toast.success(t('saved'));
    },
  });
  const field = (key: keyof typeof form, type = 'text') => (
    <Field label={t(`add.${key}`)} htmlFor={`mcp-${key}`}>
      <input id={`mcp-${key}`} type={type} className={input} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} autoComplete="off" />
    </Field>
  );
  return (
    <Card title={t('add.title')}>
      <p className="mb-3 text-sm text-neutral-600 dark:text-neutral-400">{t('add.hint')}</p>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        {field('name')}
        {field('url', 'url')}
        {field('headerName')}
        {field('headerValue', 'password')}
        <div className="sm:col-span-2">
          <button type="submit" className={btn.primary} disabled={add.isPending || !form.name || !form.url}>
            {t('add.submit')}
          </button>
        </div>
      </form>
    </Card>
  );
}

/** /admin/tools: each MCP server's tools, their switch and price per call, and the models that may use them. */
export default function ToolsPage() {
  const { t } = useTranslation(NS);
  const q = useQuery({ queryKey: KEY, queryFn: () => callRoute(toolsEp.list, undefined) });
  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{t('title')}</PageTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('intro')}</p>
      {q.data && !q.data.servers.length && <p className="text-sm">{t('none')}</p>}
      {q.data?.servers.map((s) => (
        <ServerCard key={s.name} server={s} />
      ))}
      <AddServerCard />
      {q.data && <ModelsCard key={q.data.models.map((m) => `${m.id}${m.tools}`).join()} data={q.data} />}
    </div>
  );
}
