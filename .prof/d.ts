import { parseDiagram, diagramBlock } from '/work/wt-ci/lambdas/contract/diagrams';
const d = { tipo: 'proceso', titulo: 'Mira <script>alert(1)</script>', descripcion: '<a href="javascript:alert(2)">pulsa</a>', nodos: [{ id: 'a', texto: '<img src=x onerror=alert(3)>' }, { id: 'b', texto: 'javascript:alert(4)' }, { id: 'c', texto: '"><svg onload=alert(5)>' }] };
console.log(parseDiagram(diagramBlock(d as any).split('\n').slice(1,-1).join('\n')).problems);
