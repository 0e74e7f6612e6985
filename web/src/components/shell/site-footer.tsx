import { ActionIcon, Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowUp, IconBrandGithub, IconBrandTwitter, IconMail } from '@tabler/icons-react';
import { Link } from 'wouter';
import { PRODUCT_NAME, SOCIAL_LINKS } from '../../site.ts';
import { MAIN_CONTENT_ID } from './main-content.ts';
import { t } from '../../i18n/index.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useSaveLanguage } from '../../hooks/use-language-preference.ts';
import classes from './site-footer.module.css';

const SOCIAL = [
  {
    href: SOCIAL_LINKS.twitter,
    label: () => t('{product} on Twitter', { product: PRODUCT_NAME }),
    icon: IconBrandTwitter,
    external: true,
  },
  {
    href: SOCIAL_LINKS.github,
    label: () => t('{product} on GitHub', { product: PRODUCT_NAME }),
    icon: IconBrandGithub,
    external: true,
  },
  {
    href: SOCIAL_LINKS.email,
    label: () => t('Email {product}', { product: PRODUCT_NAME }),
    icon: IconMail,
    external: false,
  },
] as const;

export function SiteFooter() {
  const saveLanguage = useSaveLanguage();
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from the footer.
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  };

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" className={classes.inner}>
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Text>
        <Group component="nav" aria-label={t('Footer')} gap="md">
          <Anchor component={Link} href="/about" size="sm" c="dimmed">
            {t('About')}
          </Anchor>
          <Anchor component={Link} href="/about/data" size="sm" c="dimmed">
            {t('About the data')}
          </Anchor>
          <Anchor component={Link} href="/accessibility" size="sm" c="dimmed">
            {t('Accessibility')}
          </Anchor>
          <Anchor component={Link} href="/browse" size="sm" c="dimmed">
            {t('Browse')}
          </Anchor>
        </Group>
        <Group gap="xs" className={classes.end}>
          <LanguageSwitcher className={classes.language} onChosen={saveLanguage} />
          {SOCIAL.map(({ href, label, icon: Icon, external }) => (
            <ActionIcon
              key={href}
              component="a"
              href={href}
              aria-label={label()}
              variant="subtle"
              color="gray"
              size="lg"
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <Icon size={18} aria-hidden />
            </ActionIcon>
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowUp size={14} aria-hidden />}
            onClick={backToTop}
          >
            {t('Back to top')}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
