import { useSession } from '../lib/session.ts';

/** SPEC §2.7 footer: company name and filing number, on desktop, only when both exist. */
export function ChatFooter() {
  const company = useSession((s) => s.globalConfig?.companyName);
  const filing = useSession((s) => s.globalConfig?.filingNumber);
  if (!company || !filing) return null;
  return (
    <p data-testid="chat-footer" className="px-4 pt-1.5 text-center text-[11px] leading-4 text-neutral-400 dark:text-neutral-500">
      {company} ·{' '}
      <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="hover:text-neutral-600 dark:hover:text-neutral-300">
        {filing}
      </a>
    </p>
  );
}
