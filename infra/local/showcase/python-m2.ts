import type { ShowcaseModule } from './types';

// Featured course "Introducción a la programación con Python" (principiante), module 2: team-written, real length.

export const pythonM2: ShowcaseModule = {
  titulo: 'Repetir y organizar: listas, bucles y funciones',
  descripcion: 'Cómo guardar muchos datos en una lista, recorrerlos con un bucle y empaquetar un cálculo en una función que puedes reutilizar.',
  objetivos: ['Guardar datos en listas y recorrerlas con bucles for', 'Definir funciones con parámetros que devuelven su resultado con return'],
  terminosClave: ['lista', 'índice', 'bucle for', 'range', 'función', 'parámetro', 'return'],
  conceptosErroneos: [
    'Creer que el primer elemento de una lista está en la posición 1',
    'Pensar que range(5) incluye el número 5',
    'Confundir mostrar un resultado con print con devolverlo con return',
  ],
  ejemploConductor: 'La lista de gastos de un viaje de fin de semana, que el programa suma, revisa y resume',
  lecciones: [
    {
      titulo: 'Listas y bucles for',
      resumen: 'Una lista guarda varios datos en orden y un bucle for repite un bloque para cada uno; range cuenta repeticiones.',
      leccion: {
        objetivos: ['Crear listas y leer sus elementos por su índice', 'Recorrer una lista con un bucle for', 'Acumular un total y usar range para repetir un número de veces'],
        introduccion:
          'En el primer módulo cada dato tenía su propia variable. Eso funciona con dos o tres datos, pero no con los treinta gastos de un viaje o las temperaturas de un mes entero. Python ofrece para eso las listas, y para trabajar con cada elemento sin escribir treinta líneas iguales, los bucles. En esta lección aprenderás a combinarlos, una de las tareas más habituales de cualquier programa.',
        explicacion: [
          {
            subtitulo: 'Una lista guarda varios datos en orden',
            texto:
              'Una lista se escribe entre corchetes, con los elementos separados por comas:\n\n```python\ngastos = [120, 45.5, 30, 18]\nciudades = ["Lima", "Quito"]\n```\n\nCada elemento tiene una posición, llamada índice, y aquí aparece la sorpresa de casi todos los principiantes: el primer índice es 0, no 1. Así, `gastos[0]` es 120 y `gastos[3]` es 18. Si pides `gastos[4]`, Python se detiene con un `IndexError`, porque esa posición no existe. Los índices negativos cuentan desde el final: `gastos[-1]` es el último elemento, sea cual sea la longitud de la lista.\n\nLa función `len` dice cuántos elementos hay: `len(gastos)` vale 4. Como el primero está en la posición 0, el último está siempre en la posición `len(gastos) - 1`.',
          },
          {
            subtitulo: 'Cambiar una lista: append y asignación',
            texto:
              'Las listas se pueden modificar después de crearlas. El método `append` añade un elemento al final: tras `gastos.append(60)`, la lista tiene cinco elementos y el nuevo ocupa el índice 4. Para cambiar un elemento, se asigna un valor a su posición, y así `gastos[1] = 50` sustituye 45.5 por 50.\n\nUna lista puede empezar vacía, `[]`, e ir creciendo a medida que el programa recibe datos. Es la forma habitual de guardar lo que escribe una persona cuando no sabes de antemano cuántos datos habrá. Para saber si un valor está en la lista se usa `in`: `"Quito" in ciudades` da True.',
          },
          {
            subtitulo: 'El bucle for: lo mismo para cada elemento',
            texto:
              'Un bucle `for` repite un bloque una vez por cada elemento de una lista. En cada vuelta, la variable del bucle toma el valor del elemento siguiente:\n\n```python\nfor gasto in gastos:\n    print("Gasto:", gasto)\n```\n\nCon cuatro gastos, el bloque con sangría se ejecuta cuatro veces, y en cada una `gasto` vale un elemento distinto, en orden. Las reglas de la sangría son las mismas que en un `if`: lo que lleva sangría se repite, y lo que vuelve al margen se ejecuta una sola vez, al terminar el bucle.\n\nEl patrón más útil con un bucle es el acumulador. Antes del bucle creas una variable a cero y, en cada vuelta, le sumas el elemento actual:\n\n```python\ntotal = 0\nfor gasto in gastos:\n    total = total + gasto\nprint("Total:", total)\n```\n\nSi pusieras `total = 0` dentro del bucle, volvería a cero en cada vuelta y el resultado sería solo el último gasto.',
          },
          {
            subtitulo: 'range: repetir un número de veces',
            texto:
              'A veces no tienes una lista, sino un número de repeticiones. Para eso está `range`. La expresión `range(5)` produce los números 0, 1, 2, 3 y 4: cinco números que empiezan en 0 y se detienen antes de 5. Es la misma lógica de los índices, y por eso `range(len(gastos))` da exactamente las posiciones válidas de la lista.\n\nTambién puedes indicar dónde empezar: `range(1, 11)` va del 1 al 10. Un bucle como `for dia in range(1, 8):` sirve, por ejemplo, para pedir el gasto de cada día de una semana y guardarlo con `append`. Cuando ya tienes la lista, recorrerla directamente con `for gasto in gastos` es más claro que usar índices.',
          },
        ],
        ejemploResuelto: {
          titulo: 'Los gastos del viaje',
          planteamiento:
            'Tres amigas vuelven de un viaje de fin de semana con esta lista de gastos: `[120, 45.5, 30, 18, 60]`. Quieren saber el total, el gasto más alto y cuántos gastos superaron 40.',
          desarrollo:
            '1. El total es un acumulador que empieza en 0 y suma cada gasto.\n2. Para el más alto se guarda el primer elemento como candidato y, en cada vuelta, se sustituye si aparece uno mayor.\n3. Para contar los gastos grandes se usa otro acumulador que suma 1 solo cuando se cumple la condición, con un `if` dentro del bucle.\n\n```python\ngastos = [120, 45.5, 30, 18, 60]\ntotal = 0\nmayor = gastos[0]\ngrandes = 0\nfor gasto in gastos:\n    total = total + gasto\n    if gasto > mayor:\n        mayor = gasto\n    if gasto > 40:\n        grandes = grandes + 1\nprint(total, mayor, grandes)\n```\n\n4. El programa muestra 273.5, 120 y 3. Se comprueba a mano: los gastos mayores de 40 son 120, 45.5 y 60.\n\nConclusión: un solo recorrido puede calcular varias cosas a la vez si cada una tiene su variable preparada antes del bucle.',
        },
        ejercicio: {
          enunciado:
            'Crea una lista con las temperaturas máximas de una semana, por ejemplo `[21, 24, 19, 26, 28, 22, 20]`. Escribe un programa que calcule la media y cuente cuántos días superaron esa media.',
          solucion:
            'Hacen falta dos recorridos, porque la media no se conoce hasta terminar el primero:\n\n```python\ndias = [21, 24, 19, 26, 28, 22, 20]\nsuma = 0\nfor t in dias:\n    suma = suma + t\nmedia = suma / len(dias)\ncalurosos = 0\nfor t in dias:\n    if t > media:\n        calurosos = calurosos + 1\nprint(media, calurosos)\n```\n\nCon estos datos la suma es 160 y la media, unos 22.9, así que tres días la superan: los de 24, 26 y 28 grados. El programa muestra la media y ese recuento. Dividir entre `len(dias)` en lugar de escribir 7 hace que el programa siga funcionando si la lista cambia de tamaño.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué índice tiene el primer elemento de una lista, y cuál el último si la lista tiene 6 elementos?', respuesta: 'El primero tiene el índice 0 y el último el 5, es decir, la longitud menos uno.' },
          { pregunta: '¿Qué números produce `range(3)`?', respuesta: '0, 1 y 2: empieza en 0 y se detiene antes de 3.' },
          {
            pregunta: 'Explica con tus palabras por qué el acumulador se crea antes del bucle y no dentro de él.',
            respuesta: 'Respuesta abierta. Dentro del bucle volvería a empezar desde cero en cada vuelta y perdería lo sumado; fuera se crea una sola vez y conserva la cuenta.',
          },
        ],
        resumen: [
          'Una lista guarda datos en orden entre corchetes, y su primer índice es 0.',
          'append añade al final, len cuenta los elementos e in comprueba si un valor está.',
          'Un bucle for ejecuta su bloque con sangría una vez por cada elemento.',
          'Un acumulador se crea antes del bucle y se actualiza en cada vuelta.',
          'range(n) produce los números de 0 a n - 1.',
        ],
      },
    },
    {
      titulo: 'Funciones: dar nombre a un cálculo',
      resumen: 'Definir una función con def, pasarle datos con parámetros y devolver su resultado con return.',
      leccion: {
        objetivos: ['Definir funciones con def y llamarlas', 'Pasar datos a una función mediante parámetros', 'Distinguir entre devolver un valor con return y mostrarlo con print'],
        introduccion:
          'Después de unas cuantas lecciones, tus programas empiezan a repetir trozos: el mismo cálculo del total aparece aquí y allá, con pequeñas diferencias. Las funciones resuelven ese problema. Una función es un bloque de código con nombre que puedes usar tantas veces como quieras, con datos distintos cada vez. Ya has usado varias sin saberlo, como `print`, `len` o `input`; ahora vas a escribir las tuyas.',
        explicacion: [
          {
            subtitulo: 'Definir y llamar una función',
            texto:
              'Una función se define con la palabra `def`, su nombre, unos paréntesis y dos puntos. Debajo, con sangría, va su cuerpo:\n\n```python\ndef saludar():\n    print("¡Hola de nuevo!")\n```\n\nDefinirla no ejecuta nada: solo le enseña a Python un nombre nuevo. El cuerpo se ejecuta cuando la llamas, escribiendo su nombre con paréntesis: `saludar()`. Si la llamas tres veces, el mensaje aparece tres veces. Una regla práctica: la definición debe estar escrita antes que la primera llamada, porque Python lee el archivo de arriba abajo y no puede usar un nombre que todavía no conoce.',
          },
          {
            subtitulo: 'Parámetros: los datos que recibe',
            texto:
              'Una función es mucho más útil si trabaja con datos distintos en cada llamada. Los parámetros son los nombres que pones entre los paréntesis de la definición, y los argumentos son los valores concretos que pasas al llamarla:\n\n```python\ndef repartir(total, personas):\n    importe = total / personas\n    print("Cada uno paga", importe)\n\nrepartir(84, 4)\nrepartir(150, 6)\n```\n\nEn la primera llamada, `total` vale 84 y `personas` vale 4; en la segunda, 150 y 6. Los argumentos se asignan por orden, así que `repartir(4, 84)` dividiría 4 entre 84. Para evitar confusiones puedes nombrarlos al llamar: `repartir(personas=4, total=84)`.\n\nLas variables creadas dentro de una función solo existen mientras esta se ejecuta. Se llaman variables locales, y fuera de la función su nombre no significa nada.',
          },
          {
            subtitulo: 'return: devolver un resultado',
            texto:
              'La función `repartir` muestra su resultado, pero no lo entrega al resto del programa. Si quisieras sumar a la parte de cada uno una propina, no podrías, porque el número solo ha aparecido en la pantalla. Para entregarlo se usa `return`:\n\n```python\ndef parte(total, personas):\n    return total / personas\n\ncuota = parte(84, 4)\nprint(cuota + 2)\n```\n\nLa llamada `parte(84, 4)` se sustituye por el valor devuelto, 21.0, que puedes guardar, sumar o pasar a otra función. Además, `return` termina la función: lo que haya escrito después, dentro de su bloque, no se ejecuta.\n\nEsta es la diferencia más importante de la lección. `print` muestra un valor a la persona que usa el programa; `return` se lo da al propio programa. Una función sin `return` devuelve un valor especial, `None`, que significa "nada". Por eso `x = repartir(84, 4)` muestra el mensaje, pero deja `x` con `None`.',
          },
          {
            subtitulo: 'Cuándo escribir una función',
            texto:
              'Conviene crear una función en tres situaciones: cuando copias el mismo código por segunda vez, cuando un trozo de programa hace una tarea que se puede nombrar con un verbo, y cuando quieres probar una parte por separado. Un buen nombre describe lo que hace, como `calcular_media` o `es_mayor_de_edad`, y una función corta que hace una sola cosa es más fácil de entender y de corregir.\n\nLas funciones también pueden recibir listas y usar en su cuerpo todo lo que ya sabes: condiciones, bucles y acumuladores. Así, un programa largo se convierte en unas pocas llamadas con nombres que se leen casi como una receta.',
          },
        ],
        ejemploResuelto: {
          titulo: 'Un resumen de gastos reutilizable',
          planteamiento:
            'Las amigas del viaje quieren repetir el cálculo del total con la lista de cada viaje y saber si se han pasado de su presupuesto. Escribe una función `total_gastos` que reciba una lista y devuelva la suma, y úsala para comparar dos viajes con un presupuesto de 250.',
          desarrollo:
            '1. La función recibe la lista por un parámetro y usa dentro el acumulador de la lección anterior.\n2. Al final devuelve el total con `return`, en lugar de mostrarlo, para que el programa pueda compararlo.\n\n```python\ndef total_gastos(lista):\n    total = 0\n    for gasto in lista:\n        total = total + gasto\n    return total\n\nviaje1 = [120, 45.5, 30, 18, 60]\nviaje2 = [90, 40, 25, 35]\nfor viaje in [viaje1, viaje2]:\n    suma = total_gastos(viaje)\n    if suma > 250:\n        print(suma, "se pasa")\n    else:\n        print(suma, "no se pasa")\n```\n\n3. El programa muestra que el primer viaje, con 273.5, supera el presupuesto, y que el segundo, con 190, no lo supera.\n4. Si la función usara `print` en lugar de `return`, `suma` valdría `None` y la comparación con 250 se detendría con un `TypeError`.\n\nConclusión: devolver el resultado permite combinar la función con condiciones y bucles.',
        },
        ejercicio: {
          enunciado:
            'Escribe una función `es_par` que reciba un número entero y devuelva True si es par y False si no lo es. Una pista: el operador `%` da el resto de una división, y un número par da resto 0 al dividirlo entre 2. Después úsala en un bucle para contar los pares de la lista `[3, 8, 12, 7, 10]`.',
          solucion:
            'Una solución es esta:\n\n```python\ndef es_par(n):\n    return n % 2 == 0\n\npares = 0\nfor numero in [3, 8, 12, 7, 10]:\n    if es_par(numero):\n        pares = pares + 1\nprint(pares)\n```\n\nLa función devuelve directamente el resultado de la comparación, que ya es True o False, así que no hace falta un `if` dentro de ella. El programa muestra 3, porque 8, 12 y 10 son pares. Como `es_par` devuelve un valor en lugar de mostrarlo, se puede usar como condición de un `if`.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué diferencia hay entre un parámetro y un argumento?', respuesta: 'El parámetro es el nombre que aparece en la definición; el argumento es el valor concreto que se pasa al llamar a la función.' },
          { pregunta: '¿Qué valor guarda una variable que recibe el resultado de una función sin return?', respuesta: 'None, el valor especial que indica que la función no ha devuelto nada.' },
          {
            pregunta: 'Explica con tus palabras por qué una función que devuelve su resultado con return es más útil que otra que solo lo muestra con print.',
            respuesta: 'Respuesta abierta. Con return el programa recibe el valor y puede guardarlo, compararlo o usarlo en otro cálculo; con print solo lo ve la persona en la pantalla.',
          },
        ],
        resumen: [
          'Una función se define con def y se ejecuta al llamarla por su nombre con paréntesis.',
          'Los parámetros reciben, por orden, los argumentos de cada llamada.',
          'return entrega un valor al programa y termina la función; print solo lo muestra.',
          'Una función sin return devuelve None.',
          'Conviene crear una función cuando un trozo de código se repite o hace una tarea con nombre propio.',
        ],
      },
    },
  ],
  preguntas: [
    [0, 'Cada elemento tiene una posición, llamada índice, y aquí aparece la sorpresa de casi todos los principiantes: el primer índice es 0, no 1.', 'En la lista `precios = [120, 45, 30.5, 18]`, ¿qué vale `precios[1]`?', ['45', '120', '30.5', '18'], ['Correcto: el índice 1 es el segundo elemento, porque se empieza a contar en 0.', 'Es el concepto erróneo más común: cuenta desde 1 y toma el primer elemento.', 'Cuenta dos posiciones en lugar de una; el índice 1 es el segundo elemento.', 'Toma el último elemento; ese sería precios[3] o precios[-1].']],
    [0, 'porque esa posición no existe', '¿Qué pasa al pedir `gastos[4]` en una lista de cuatro elementos?', ['Da un IndexError: esa posición no existe', 'Devuelve el último elemento de la lista', 'Devuelve el primer elemento, empezando de nuevo', 'Devuelve None porque la posición está vacía'], ['Correcto: con cuatro elementos, los índices válidos van de 0 a 3.', 'Confunde el índice 4 con el -1, que sí da el último elemento.', 'Cree que los índices dan la vuelta; fuera del rango, Python se detiene.', 'Supone que las posiciones fuera de la lista existen vacías; no existen.']],
    [0, 'Los índices negativos cuentan desde el final: gastos[-1] es el último elemento, sea cual sea la longitud de la lista.', '¿Qué devuelve `lista[-1]`?', ['El elemento que ocupa la última posición', 'Un error, porque no hay índices negativos', 'El elemento anterior al primero', 'El número de elementos menos uno'], ['Correcto: los índices negativos cuentan desde el final.', 'Cree que los índices deben ser positivos; los negativos cuentan hacia atrás.', 'Cree que existe una posición antes de la primera; no existe.', 'Confunde el índice -1 con la expresión len(lista) - 1, que es un número, no un elemento.']],
    [0, 'El método append añade un elemento al final: tras gastos.append(60), la lista tiene cinco elementos y el nuevo ocupa el índice 4.', 'Una lista tiene cuatro elementos y ejecutas `lista.append(60)`. ¿Dónde queda el 60?', ['Al final, en el índice 4', 'Al principio, en el índice 0', 'Al final, en el índice 5', 'Sustituye al último elemento'], ['Correcto: append añade al final y, con cuatro elementos antes, el nuevo ocupa el índice 4.', 'Confunde añadir al final con insertar al principio.', 'Cuenta las posiciones desde 1; la quinta posición es el índice 4.', 'Confunde append con asignar a una posición, que sí sustituye un elemento.']],
    [0, 'La función len dice cuántos elementos hay: len(gastos) vale 4.', '¿Para qué sirve `len` con una lista?', ['Para saber cuántos elementos tiene', 'Para saber cuál es el último elemento', 'Para ordenar los elementos de menor a mayor', 'Para sumar todos los elementos'], ['Correcto: len cuenta los elementos.', 'Confunde contar con leer; el último elemento es lista[-1].', 'Atribuye a len una tarea de otra función; len no cambia la lista.', 'Confunde contar elementos con sumarlos; para sumar hace falta un acumulador.']],
    [0, 'En cada vuelta, la variable del bucle toma el valor del elemento siguiente', 'En el bucle for `for gasto in gastos:`, ¿qué vale `gasto` en cada vuelta?', ['Un elemento distinto, en orden', 'La posición del elemento, empezando en 0', 'La lista entera', 'La suma de los elementos vistos hasta ahora'], ['Correcto: toma cada elemento de la lista, uno por vuelta.', 'Confunde recorrer los elementos con recorrer los índices, que es lo que hace range(len(...)).', 'Cree que la variable recibe la lista; recibe un elemento cada vez.', 'Confunde la variable del bucle con un acumulador, que tendrías que crear tú.']],
    [0, 'Si pusieras total = 0 dentro del bucle, volvería a cero en cada vuelta y el resultado sería solo el último gasto.', 'Alguien escribe `total = 0` dentro del bucle que suma los gastos. ¿Qué muestra al final?', ['Solo el último gasto', 'La suma correcta de todos', 'Cero', 'Un error de sintaxis'], ['Correcto: el total vuelve a cero en cada vuelta y solo conserva el último gasto.', 'No ve que la línea se repite en cada vuelta; el acumulador debe crearse antes del bucle.', 'Cree que el cero anula la suma; después del cero se suma el último gasto.', 'La línea es válida; el fallo es de lógica, no de sintaxis.']],
    [0, 'La expresión range(5) produce los números 0, 1, 2, 3 y 4: cinco números que empiezan en 0 y se detienen antes de 5.', '¿Qué números produce `range(5)`?', ['0, 1, 2, 3 y 4', '1, 2, 3, 4 y 5', '0, 1, 2, 3, 4 y 5', 'Solo el número 5'], ['Correcto: empieza en 0 y se detiene antes de 5.', 'Cuenta desde 1, como en el lenguaje de todos los días; range empieza en 0.', 'Es el concepto erróneo de incluir el límite; range se detiene antes de 5.', 'Confunde range con un número; produce una serie de números.']],
    [0, 'También puedes indicar dónde empezar: range(1, 11) va del 1 al 10.', '¿Qué serie recorre `for dia in range(1, 8):`?', ['Del 1 al 7', 'Del 1 al 8', 'Del 0 al 7', 'Del 0 al 8'], ['Correcto: empieza en 1 y se detiene antes de 8.', 'Incluye el límite final, que range deja fuera.', 'Olvida que el primer número indica dónde empezar.', 'Comete los dos errores: pasa por alto el inicio e incluye el final.']],
    [0, 'Para saber si un valor está en la lista se usa in', '¿Qué da `"Lima" in ["Lima", "Quito"]`?', ['True', 'False', '0', 'Lima'], ['Correcto: in comprueba si el valor está en la lista y responde con un booleano.', 'Cree que in busca otra cosa; el texto coincide letra a letra con un elemento.', 'Confunde in con una búsqueda de posición; in responde True o False, no un índice.', 'Cree que in devuelve el elemento encontrado; solo dice si está.']],
    [0, 'Antes del bucle creas una variable a cero y, en cada vuelta, le sumas el elemento actual', '¿Qué es un acumulador en un bucle?', ['Una variable que se actualiza en cada vuelta', 'Una lista que guarda cada vuelta del bucle', 'La variable que toma cada elemento de la lista', 'Un tipo especial de bucle que suma solo'], ['Correcto: se crea antes del bucle, normalmente con el valor cero, y se va actualizando en cada vuelta.', 'Confunde acumular un resultado con guardar cada paso en una lista.', 'Confunde el acumulador con la variable del bucle, que cambia sola en cada vuelta.', 'Cree que el bucle suma por su cuenta; la suma la escribes tú dentro del bloque.']],
    [1, 'Definirla no ejecuta nada: solo le enseña a Python un nombre nuevo.', 'Un programa define una función `saludar` pero nunca la llama. ¿Qué muestra?', ['Nada: definir no ejecuta el cuerpo', 'El saludo, una vez', 'El saludo, una vez por cada línea', 'Un error, porque la función no se usa'], ['Correcto: el cuerpo solo se ejecuta al llamar a la función.', 'Cree que definir es ejecutar; sin llamada, el cuerpo no se ejecuta.', 'Confunde definir con ejecutar y además multiplica las salidas.', 'Cree que una función sin usar es un error; Python la acepta sin más.']],
    [1, 'El cuerpo se ejecuta cuando la llamas, escribiendo su nombre con paréntesis: saludar().', '¿Cómo se ejecuta el cuerpo de una función llamada `saludar`?', ['Con `saludar()` en una línea', 'Con `def saludar` en una línea', 'Con `saludar`, sin paréntesis', 'Con `print(saludar)`'], ['Correcto: el nombre con paréntesis llama a la función.', 'Confunde llamar con definir; def crea la función, no la ejecuta.', 'Cree que basta con nombrar la función; sin paréntesis no se ejecuta.', 'Cree que print ejecuta la función; solo la muestra, no la llama.']],
    [1, 'la definición debe estar escrita antes que la primera llamada, porque Python lee el archivo de arriba abajo', '¿Dónde debe estar la definición de una función respecto a su primera llamada?', ['Antes, porque Python lee de arriba abajo', 'Después, para saber antes qué se necesita', 'Da igual: Python busca las funciones primero', 'En un archivo distinto del programa'], ['Correcto: cuando llega a la llamada, Python necesita conocer ya el nombre de la función.', 'Invierte el orden; al llegar a la llamada, Python aún no conocería la función.', 'Cree que Python revisa el archivo entero antes de empezar; en realidad ejecuta las líneas en orden, de arriba abajo.', 'Cree que las funciones necesitan su propio archivo; pueden estar en el mismo.']],
    [1, 'Los parámetros son los nombres que pones entre los paréntesis de la definición, y los argumentos son los valores concretos que pasas al llamarla', 'En `def repartir(total, personas):`, ¿qué son `total` y `personas`?', ['Los parámetros de la función', 'Argumentos de la llamada', 'Variables globales del programa', 'Valores fijos que nunca cambian'], ['Correcto: son los nombres que recibirán los valores en cada llamada.', 'Confunde parámetros con argumentos, que son los valores concretos de la llamada.', 'Cree que son globales; son locales y solo existen mientras se ejecuta la función.', 'Cree que son constantes; cambian de valor en cada llamada.']],
    [1, 'Los argumentos se asignan por orden, así que repartir(4, 84) dividiría 4 entre 84.', 'Con `def repartir(total, personas):`, ¿qué hace la llamada `repartir(4, 84)`?', ['Divide 4 entre 84, por orden', 'Divide 84 entre 4', 'Da un error por el orden', 'Ordena los datos antes de dividir'], ['Correcto: el primer argumento va al primer parámetro, total.', 'Supone que Python adivina qué dato es cuál; los asigna por orden.', 'Cree que el orden provoca un error; la división se hace con los datos cambiados.', 'Cree que Python reordena los argumentos; respeta el orden de la llamada.']],
    [1, 'Las variables creadas dentro de una función solo existen mientras esta se ejecuta.', '¿Qué pasa si usas fuera de una función una variable creada dentro de ella?', ['Python no conoce ese nombre y da un error', 'Vale lo último que tuvo dentro de la función', 'Vale cero hasta que se le asigne otro valor', 'Vale None porque la función ya terminó'], ['Correcto: es una variable local y fuera de la función su nombre no significa nada.', 'Cree que las variables locales sobreviven a la función; desaparecen al terminar.', 'Supone un valor inicial automático; Python no crea variables por su cuenta.', 'Confunde el None que devuelve una función sin return con sus variables locales.']],
    [1, 'print muestra un valor a la persona que usa el programa; return se lo da al propio programa.', '¿Qué diferencia hay entre `print` y `return` dentro de una función?', ['print lo muestra y return se lo entrega al programa', 'Ninguna: las dos devuelven el resultado al programa', 'return muestra el valor más rápido que print', 'print guarda el valor y return lo muestra'], ['Correcto: print habla con la persona; return, con el programa.', 'Es el concepto erróneo más común: lo que aparece en la pantalla con print no se puede usar después en ningún cálculo.', 'Confunde la función de cada una; la velocidad no tiene que ver.', 'Invierte los papeles de print y return.']],
    [1, 'Una función sin return devuelve un valor especial', 'Una función `repartir` muestra su resultado con `print`, pero no tiene `return`. ¿Qué valor guarda `x` después de `x = repartir(84, 4)`?', ['El valor especial None', 'El número decimal 21.0', 'El texto que mostró en pantalla', 'El número cero'], ['Correcto: sin return, la función devuelve None.', 'Es el error de confundir mostrar con devolver; el 21.0 solo apareció en la pantalla.', 'Cree que el texto mostrado en la pantalla se guarda en la variable; print no devuelve nada.', 'Supone que una función sin return devuelve cero; devuelve None.']],
    [1, 'Además, return termina la función: lo que haya escrito después, dentro de su bloque, no se ejecuta.', 'En una función, ¿qué pasa con las líneas escritas después de un `return` que se ejecuta?', ['No se ejecutan: la función acaba', 'Se ejecutan después de devolver el valor', 'Se ejecutan antes del return', 'Se ejecutan solo si hay un print'], ['Correcto: return entrega el valor y termina la función en ese momento.', 'Cree que la función sigue tras devolver; return la termina.', 'Invierte el orden de lectura; Python ejecuta el bloque de arriba abajo.', 'Cree que print tiene prioridad; tras return no se ejecuta nada del bloque.']],
    [1, 'Conviene crear una función en tres situaciones: cuando copias el mismo código por segunda vez', '¿Cuál de estas es una buena señal para crear una función?', ['Copias el mismo código por segunda vez', 'El programa tiene más de diez líneas', 'Quieres que el programa vaya más rápido', 'Has usado un bucle for'], ['Correcto: repetir código es la señal más clara.', 'Cree que la longitud decide; lo que importa es si hay una tarea repetida o con nombre.', 'Confunde organizar el código con acelerarlo; una función no lo hace más rápido.', 'Cree que los bucles exigen funciones; un bucle puede ir en cualquier parte.']],
    [1, 'Un buen nombre describe lo que hace, como calcular_media o es_mayor_de_edad', '¿Qué nombre es mejor para una función que saca el promedio de unos números?', ['`calcular_media`', '`funcion1`', '`cm`', '`procesar_todo_junto`'], ['Correcto: describe con un verbo lo que hace la función.', 'Cree que un número basta como nombre; no explica la tarea y obliga a leer el cuerpo.', 'Cree que una abreviatura es un buen nombre; obliga a adivinar qué hace.', 'Cree que un nombre general sirve; no dice qué hace la función.']],
  ],
};
