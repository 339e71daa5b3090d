import { FakeReportsRepository } from './support/fake-reports-repository.js';
import { reportsRepositoryContract } from './support/reports-repository.contract.js';

reportsRepositoryContract('the in-memory fake of unit tests', () => {
  const fake = new FakeReportsRepository();
  let accounts = 0;
  return Promise.resolve({
    reports: fake,
    list: fake.list,
    newAccount: () => Promise.resolve(String(++accounts)),
  });
});
