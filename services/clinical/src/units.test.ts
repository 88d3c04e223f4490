import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { isLoincCode } from '@labline/contracts';
import { DEMO_MARKERS } from './seed-catalogue';
import { checkUcumUnits } from './units';

describe('UCUM units', () => {
  it('keeps valid UCUM as its own code', () => {
    for (const units of ['%', 'mg/dL', 'm[IU]/L', 'ng/mL', 'U/L', '10*9/L', 'mL/min/{1.73_m2}']) {
      assert.deepEqual(checkUcumUnits(units), { valid: true, code: units }, units);
    }
  });

  it('reads micro as UCUM writes it, and takes the one correction UCUM offers', () => {
    assert.deepEqual(checkUcumUnits('µL'), { valid: true, code: 'uL' });
    assert.deepEqual(checkUcumUnits('μmol/L'), { valid: true, code: 'umol/L' });
    assert.deepEqual(checkUcumUnits('IU/L'), { valid: true, code: '[IU]/L' });
  });

  it('refuses what UCUM does not know, with its suggestion when it has one', () => {
    assert.deepEqual(checkUcumUnits('mIU/L'), { valid: false, suggestion: 'm[IU]/L' });
    assert.deepEqual(checkUcumUnits('foo'), { valid: false, suggestion: null });
  });
});

describe('the demo markers', () => {
  it('carry valid LOINC codes and UCUM units', () => {
    for (const marker of DEMO_MARKERS) {
      assert.ok(isLoincCode(marker.loinc), `${marker.name} ${marker.loinc}`);
      assert.equal(checkUcumUnits(marker.units).valid, true, `${marker.name} ${marker.units}`);
      assert.ok(marker.range[0] <= marker.range[1], marker.name);
    }
  });
});
