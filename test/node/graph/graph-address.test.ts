import { describe, expect, it } from 'vitest';
import { sameGraphAddress } from '../../../electron/graph/graph-address';

describe('sameGraphAddress: whether two recorded connection URIs reach one server', () => {
  it('takes the loopback names for one host, and a missing port for 7687', () => {
    expect(sameGraphAddress('bolt://localhost:7687', 'bolt://127.0.0.1:7687')).toBe(true);
    expect(sameGraphAddress('bolt://127.0.0.1:44423', 'bolt://localhost:44423')).toBe(true);
    expect(sameGraphAddress('bolt://[::1]:7687', 'neo4j://localhost')).toBe(true);
    expect(sameGraphAddress('bolt://127.0.0.2:7687', 'bolt://localhost')).toBe(true);
  });

  it('leaves routing, encryption, case and masked credentials aside', () => {
    expect(sameGraphAddress('neo4j+s://DB.example.com:7687', 'bolt://db.example.com')).toBe(true);
    expect(sameGraphAddress('bolt://***@db.example.com:7687', 'bolt://db.example.com:7687')).toBe(true);
    expect(sameGraphAddress('db.example.com:7687', 'bolt://db.example.com')).toBe(true);
  });

  it('keeps other hosts and other ports apart', () => {
    expect(sameGraphAddress('bolt://localhost:7687', 'bolt://localhost:7688')).toBe(false);
    expect(sameGraphAddress('neo4j+s://prod.example.com:7687', 'bolt://127.0.0.1:7687')).toBe(false);
    expect(sameGraphAddress('bolt://db.example.com', 'bolt://db.example.com.evil.net')).toBe(false);
    expect(sameGraphAddress('bolt://localhost.evil.net', 'bolt://localhost')).toBe(false);
  });

  it('compares what is not a Neo4j URI only as written', () => {
    expect(sameGraphAddress('http://localhost:7687', 'bolt://localhost:7687')).toBe(false);
    expect(sameGraphAddress('not a uri', 'not a uri')).toBe(true);
    expect(sameGraphAddress('bolt://', 'bolt://')).toBe(true);
    expect(sameGraphAddress('bolt://', 'bolt://localhost')).toBe(false);
  });
});
