import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField } from './TextField.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'suffix'>;

export function PasswordField(props: Props) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          className="-mr-1 rounded-md p-1 text-neutral-400 hover:text-neutral-600 dark:hover:text-neutral-300"
        >
          <Icon className="size-4" />
        </button>
      }
    />
  );
}
