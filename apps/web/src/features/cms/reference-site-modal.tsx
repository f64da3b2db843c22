import { Modal, UnstyledButton } from '@mantine/core';
import type { SiteSettings } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useText } from './site-api.ts';
import classes from './site.module.css';

type ReferenceSite = SiteSettings['reference_sites'][number];

/**
 * SPEC §2's reference-site modal: one of the sites the website settings allow, in a frame with a close icon. Only
 * a site of the settings can be opened (the buttons name them); the page's CSP `frame-src` lists exactly their
 * origins, so the browser would refuse to frame any other.
 */
export function ReferenceSites({ sites }: { sites: ReferenceSite[] }) {
  const { t } = useTranslation();
  const text = useText();
  const [open, setOpen] = useState<ReferenceSite | null>(null);
  return (
    <>
      {sites.map((s) => (
        <UnstyledButton
          key={s.url}
          className={classes.referenceLink}
          onClick={() => setOpen(s)}
          data-testid="reference-site-link"
        >
          {text(s.label)}
        </UnstyledButton>
      ))}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? text(open.label) : ''}
        size="90rem"
        centered
        closeButtonProps={{ 'aria-label': t('site.reference.close') }}
        data-testid="reference-site-modal"
      >
        {open && (
          <iframe
            src={open.url}
            title={text(open.label)}
            className={classes.referenceFrame}
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            data-testid="reference-site-frame"
          />
        )}
      </Modal>
    </>
  );
}
