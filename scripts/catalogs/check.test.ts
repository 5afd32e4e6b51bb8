import { describe, expect, it } from 'vitest';
import { checkCatalogs, flattenKeys, hasProblems, literalsIn } from './check.ts';

const en = {
  alerts: { title: 'Alerts', count_one: '{{count}} alert', count_other: '{{count}} alerts' },
  nav: { home: 'Home' },
};
const es = {
  alerts: { title: 'Alertas', count_one: '{{count}} alerta', count_other: '{{count}} alertas' },
  nav: { home: 'Inicio' },
};
const code = `
  t('alerts.title'); t("nav.home"); t(\`alerts.count\`, { count });
`;

describe('the catalog check', () => {
  it('flattens a catalog to its dotted keys', () => {
    expect(flattenKeys(en)).toEqual([
      'alerts.title',
      'alerts.count_one',
      'alerts.count_other',
      'nav.home',
    ]);
  });

  it('finds dotted literals in any quotes', () => {
    expect([...literalsIn(code)].sort()).toEqual(['alerts.count', 'alerts.title', 'nav.home']);
  });

  it('passes catalogs that match each other and the code, plurals by their base', () => {
    expect(hasProblems(checkCatalogs({ en, es }, [code]))).toBe(false);
  });

  it('reports a key a translation lacks, and one it adds', () => {
    const { nav: _nav, ...withoutNav } = es;
    const problems = checkCatalogs({ en, es: { ...withoutNav, nav: { homepage: 'Inicio' } } }, [
      code,
    ]);
    expect(problems.missing).toEqual({ es: ['nav.home'] });
    expect(problems.extra).toEqual({ es: ['nav.homepage'] });
  });

  it('reports a key no code uses', () => {
    const problems = checkCatalogs({ en, es }, ["t('alerts.title'); t('alerts.count')"]);
    expect(problems.unused).toEqual(['nav.home']);
  });
});
