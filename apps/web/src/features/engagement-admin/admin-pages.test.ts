import { MODULES } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_DOWNLOADS, ADMIN_PAGES, moduleIsOn } from './admin-pages.ts';

const keys = (entries: readonly { key: string }[]) => entries.map((entry) => entry.key);

describe('admin menu of a journey with modules off', () => {
  it('keeps every page and download while all modules are on', () => {
    expect(ADMIN_PAGES.filter((page) => moduleIsOn(page, MODULES))).toHaveLength(ADMIN_PAGES.length);
    expect(ADMIN_DOWNLOADS.filter((item) => moduleIsOn(item, MODULES))).toHaveLength(ADMIN_DOWNLOADS.length);
  });

  it('drops the statistics and risk calibration pages and the report downloads of modules that are off (their routes answer 403)', () => {
    const modules = MODULES.filter((module) => !['statistics', 'retention_analytics', 'executive_reports'].includes(module));
    expect(keys(ADMIN_PAGES.filter((page) => !moduleIsOn(page, modules)))).toEqual(['stats', 'riskCalibration']);
    expect(keys(ADMIN_DOWNLOADS.filter((item) => moduleIsOn(item, modules)))).toEqual(['niceExcel', 'distanceMatrix']);
  });

  it('lists the journey settings first', () => {
    expect(ADMIN_PAGES[0]).toMatchObject({ key: 'settings', path: 'settings.html', group: 'journey' });
  });
});
