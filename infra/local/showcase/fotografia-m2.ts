import type { ShowcaseModule } from './types';

// Featured course "Fotografía digital" (principiante), module 2: team-written, real length.

export const fotografiaM2: ShowcaseModule = {
  titulo: 'Composición y luz',
  descripcion: 'Dónde colocas cada cosa en el encuadre, qué luz eliges y cómo terminas la foto en el ordenador.',
  objetivos: [
    'Componer un encuadre con la regla de los tercios y las líneas de la escena',
    'Distinguir luz dura y luz suave y elegir la adecuada para un retrato',
    'Decidir entre RAW y JPEG y hacer un revelado básico',
  ],
  terminosClave: ['regla de los tercios', 'líneas guía', 'luz dura', 'luz suave', 'hora dorada', 'RAW', 'balance de blancos'],
  conceptosErroneos: [
    'Pensar que el sujeto siempre debe ir en el centro',
    'Creer que el mediodía soleado es la mejor luz para un retrato',
    'Creer que el revelado es hacer trampa',
  ],
  ejemploConductor: 'Una serie de fotos de tu barrio para una exposición en la biblioteca municipal',
  lecciones: [
    {
      titulo: 'Componer el encuadre',
      resumen: 'La regla de los tercios, las líneas guía y el espacio vacío como herramientas para dirigir la mirada.',
      leccion: {
        objetivos: ['Aplicar la regla de los tercios', 'Usar líneas de la escena para guiar la mirada', 'Decidir qué dejar fuera del encuadre'],
        introduccion:
          'En el módulo anterior aprendiste a conseguir una foto bien expuesta. Una foto bien expuesta puede seguir siendo aburrida. La composición decide qué ve primero quien la mira, por dónde recorre la imagen y dónde se detiene. Para tu serie del barrio, eso marca la diferencia entre un inventario de calles y una mirada propia.',
        explicacion: [
          {
            subtitulo: 'La regla de los tercios',
            texto:
              'Imagina dos líneas horizontales y dos verticales que dividen el encuadre en nueve rectángulos iguales. La regla de los tercios propone colocar lo importante sobre esas líneas o en sus cruces. Un horizonte sobre la línea inferior da protagonismo al cielo; sobre la superior, al suelo.\n\nMuchos fotógrafos principiantes centran siempre al sujeto. El centro funciona cuando buscas calma o simetría, como una puerta de frente. Fuera de esos casos, un sujeto desplazado crea tensión y deja un espacio que la mirada recorre. Casi todas las cámaras y teléfonos pueden mostrar la cuadrícula en pantalla: actívala durante unas semanas.',
          },
          {
            subtitulo: 'Líneas guía',
            texto:
              'Las calles, las vías, las barandillas o la orilla de un río forman líneas que la mirada sigue sin querer. Si una de esas líneas nace en una esquina y lleva hasta tu sujeto, el ojo llega a él de forma natural. Las diagonales transmiten movimiento; las horizontales, reposo.\n\nAntes de disparar, busca qué líneas tiene la escena y hacia dónde apuntan. A veces basta con dar dos pasos a la izquierda para que el bordillo de una acera apunte al portal que quieres mostrar en lugar de salirse por un lado.',
          },
          {
            subtitulo: 'Lo que dejas fuera',
            texto:
              'Componer también es quitar. Un cubo de basura en el borde, un cable que cruza el cielo o una cabeza cortada en el fondo roban atención. Recorre los cuatro bordes del visor antes de disparar: es la forma más rápida de descubrir intrusos.\n\nEl espacio vacío no es espacio perdido. Si alguien mira hacia la derecha, deja aire a la derecha. Ese hueco cuenta hacia dónde va la acción y hace que la imagen respire.',
          },
        ],
        ejemploResuelto: {
          titulo: 'La panadería de la esquina',
          planteamiento: 'Quieres fotografiar la panadería de tu calle para la serie. La primera foto, con el escaparate centrado, parece una ficha de catastro.',
          desarrollo:
            '1. Cruzas la calle y buscas una línea: el bordillo de la acera lleva en diagonal hasta la puerta.\n2. Colocas la puerta en el cruce superior derecho de la cuadrícula.\n3. Recorres los bordes y ves un contenedor a la izquierda: das un paso para sacarlo del encuadre.\n4. Esperas a que una clienta salga mirando hacia el centro de la foto y disparas.\n\nEl mismo edificio cuenta ahora una historia: la mirada entra por la acera y termina en la persona que sale con su pan.',
        },
        ejercicio: {
          enunciado: 'Haz tres fotos de un mismo objeto de tu casa: una centrada, otra en un cruce de tercios y otra con una línea que lleve hasta él. Elige la que prefieres y explica por qué.',
          solucion:
            'No hay una única respuesta correcta. Una buena explicación nombra qué cambia en el recorrido de la mirada: en la foto centrada la vista se queda quieta, en la de tercios recorre el espacio libre y en la de la línea llega al objeto guiada. Si prefieres la centrada, justifica qué calma o simetría buscabas.',
        },
        autoevaluacion: [
          { pregunta: '¿Dónde propone la regla de los tercios colocar lo importante?', respuesta: 'Sobre las líneas que dividen el encuadre en tercios o en sus cruces.' },
          { pregunta: 'Si una persona mira a la derecha, ¿hacia qué lado dejas espacio?', respuesta: 'Hacia la derecha, el lado al que mira.' },
        ],
        resumen: ['La regla de los tercios desplaza el sujeto para crear tensión y recorrido.', 'El centro sirve para la calma y la simetría.', 'Las líneas de la escena guían la mirada.', 'Revisar los bordes evita intrusos.'],
      },
    },
    {
      titulo: 'La calidad de la luz',
      resumen: 'Luz dura y luz suave, la dirección de la luz y las horas del día que mejor la ofrecen.',
      leccion: {
        objetivos: ['Distinguir luz dura de luz suave', 'Explicar qué aporta cada dirección de la luz', 'Planificar una foto según la hora del día'],
        introduccion:
          'Ya sabes dónde colocar las cosas dentro del encuadre. Falta la materia prima: la luz. No todas las luces son iguales, y la misma calle puede parecer hostil a mediodía y acogedora al atardecer. En esta lección aprenderás a ver la luz antes que los objetos.',
        explicacion: [
          {
            subtitulo: 'Luz dura y luz suave',
            texto:
              'La luz dura viene de una fuente pequeña comparada con el sujeto, como el sol de mediodía en un cielo despejado. Crea sombras negras con bordes nítidos y mucho contraste. En un retrato marca arrugas y hace entornar los ojos.\n\nLa luz suave viene de una fuente grande: un cielo nublado, una ventana amplia o el reflejo en una pared clara. Sus sombras son tenues y de borde difuso, y la piel se ve más uniforme. No hay una luz mejor en general. La dura sirve para texturas y formas geométricas; la suave, para caras y objetos delicados.',
          },
          {
            subtitulo: 'La dirección de la luz',
            texto:
              'Con la luz frontal, el sujeto recibe la luz de cara y apenas hay sombras: la foto queda plana. La luz lateral dibuja volumen, porque una mitad queda iluminada y la otra en sombra. El contraluz recorta la silueta y puede crear un halo en el pelo.\n\nPara un retrato de interior, coloca a la persona cerca de una ventana y gírala poco a poco. Verás cómo pasa de una cara plana a una cara con relieve sin mover la cámara.',
          },
          {
            subtitulo: 'Las horas del día',
            texto:
              'Durante la hora dorada, poco después del amanecer y poco antes del anochecer, el sol está bajo. Su luz es cálida, llega de lado y alarga las sombras. Es la luz favorita para retratos y paisajes urbanos.\n\nLa hora azul es el rato después de la puesta de sol en que el cielo conserva un azul intenso. Las farolas y los escaparates ya están encendidos y se equilibran con el cielo. Para tu serie del barrio, fotografiar una plaza en hora azul suele dar la imagen más evocadora del día.',
          },
        ],
        ejemploResuelto: {
          titulo: 'El quiosco a dos horas distintas',
          planteamiento: 'Fotografías el quiosco de la plaza a las dos de la tarde de un día de julio. Las caras del quiosquero salen con ojeras negras y el toldo parece un borrón oscuro.',
          desarrollo:
            '1. Diagnóstico: sol alto y cielo despejado, luz dura que cae desde arriba.\n2. Primera opción: pedirle que se mueva a la sombra del toldo, donde la luz rebota en el suelo claro y se vuelve suave.\n3. Segunda opción: volver a las ocho y media de la tarde, en hora dorada, con la luz lateral y cálida.\n4. Tercera opción: volver en hora azul, con las luces del quiosco encendidas.\n\nLas tres fotos muestran el mismo lugar, pero cada luz cuenta un ambiente distinto.',
        },
        ejercicio: {
          enunciado: 'Haz un retrato a alguien de tu casa junto a una ventana en tres posiciones: de frente a la ventana, de lado y de espaldas. Describe qué cambia en su cara.',
          solucion:
            'De frente a la ventana la cara queda uniforme y algo plana. De lado aparece una mitad en sombra que da volumen a la nariz y los pómulos. De espaldas la cara se oscurece y el pelo se ilumina; tendrás que compensar la exposición o usar medición puntual, como viste en el primer módulo.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué tipo de fuente produce luz suave?', respuesta: 'Una fuente grande comparada con el sujeto, como un cielo nublado o una ventana amplia.' },
          { pregunta: '¿Por qué la hora dorada favorece los retratos?', respuesta: 'Porque el sol está bajo y da una luz cálida y lateral con sombras suaves.' },
        ],
        resumen: ['La luz dura crea sombras nítidas; la suave, sombras difusas.', 'La luz lateral da volumen; la frontal aplana.', 'La hora dorada da luz cálida y lateral.', 'La hora azul equilibra el cielo con las luces de la ciudad.'],
      },
    },
    {
      titulo: 'Del disparo a la foto final: RAW, JPEG y revelado',
      resumen: 'Qué guarda cada formato de archivo y los cuatro ajustes de un revelado básico.',
      leccion: {
        objetivos: ['Explicar la diferencia entre RAW y JPEG', 'Corregir el balance de blancos', 'Hacer un revelado básico en cuatro pasos'],
        introduccion:
          'La foto no termina al pulsar el disparador. Toda imagen digital pasa por un revelado, lo hagas tú o lo haga la cámara. En esta lección verás qué decide la cámara por ti y cómo recuperar esas decisiones para que tu serie del barrio tenga un aspecto coherente.',
        explicacion: [
          {
            subtitulo: 'RAW y JPEG',
            texto:
              'Un archivo JPEG es una foto ya revelada por la cámara: ha elegido el contraste, el color y la nitidez, y ha descartado el resto de la información para que el archivo ocupe poco. Es perfecto para compartir al momento.\n\nUn archivo RAW guarda casi todo lo que midió el sensor. Ocupa bastante más y necesita un programa de revelado, pero permite recuperar detalle en cielos claros y sombras oscuras y cambiar el color sin perder calidad. Muchos fotógrafos disparan en RAW las fotos importantes y en JPEG las del día a día.',
          },
          {
            subtitulo: 'El balance de blancos',
            texto:
              'Cada luz tiene un color. Una bombilla antigua es anaranjada, la sombra de un día de sol es azulada y un fluorescente puede tirar a verde. Tu cerebro corrige esos colores sin que lo notes; la cámara tiene que calcularlo.\n\nEl balance de blancos es el ajuste que neutraliza el color de la luz. Si una pared blanca sale naranja, el balance está mal. En RAW puedes corregirlo después sin pérdida, usando el cuentagotas del programa sobre algo que sabes que es blanco o gris.',
          },
          {
            subtitulo: 'Un revelado básico en cuatro pasos',
            texto:
              'Primero, endereza y recorta: un horizonte torcido distrae más que casi cualquier otro defecto. Segundo, ajusta la exposición general mirando el histograma, igual que al disparar. Tercero, recupera las altas luces y abre las sombras para devolver detalle al cielo y a los portales oscuros. Cuarto, corrige el balance de blancos.\n\nRevelar no es hacer trampa. Los fotógrafos de película también elegían el papel, el tiempo de revelado y qué zonas aclarar. La línea está en no añadir ni borrar cosas que no estaban, sobre todo si la foto documenta un lugar real.',
          },
        ],
        ejemploResuelto: {
          titulo: 'Una serie que parezca una serie',
          planteamiento: 'Tienes doce fotos del barrio hechas en días distintos. Unas salen cálidas, otras frías y una tiene el horizonte torcido. Juntas parecen de autores diferentes.',
          desarrollo:
            '1. Eliges la foto que mejor representa el ambiente que buscas y la revelas con los cuatro pasos.\n2. Copias su balance de blancos y su contraste al resto como punto de partida.\n3. Ajustas la exposición de cada una mirando su histograma, porque cada día tenía su luz.\n4. Enderezas la foto torcida y recortas todas con la misma proporción.\n\nLa serie gana unidad sin que ninguna foto deje de mostrar lo que había delante de la cámara.',
        },
        ejercicio: {
          enunciado: 'Elige una foto tuya hecha en interior con luz de bombilla. Aplica los cuatro pasos del revelado básico con la aplicación de edición de tu teléfono y anota qué cambiaste en cada paso.',
          solucion:
            'Lo habitual es enderezar si hace falta, subir algo la exposición, abrir sombras y, sobre todo, enfriar el balance de blancos para quitar el tono naranja de la bombilla. Si usas el cuentagotas sobre una pared blanca, el programa hace esa corrección por ti. Compara el antes y el después: la piel debería verse natural.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué ventaja tiene el RAW frente al JPEG?', respuesta: 'Guarda casi toda la información del sensor y permite corregir exposición y color sin perder calidad.' },
          { pregunta: 'Una pared blanca sale naranja en tu foto. ¿Qué ajuste corriges?', respuesta: 'El balance de blancos.' },
        ],
        resumen: ['El JPEG es una foto revelada por la cámara; el RAW guarda casi todo lo medido.', 'El balance de blancos neutraliza el color de la luz.', 'Un revelado básico: enderezar, exposición, luces y sombras, balance de blancos.', 'Revelar no es añadir ni borrar lo que no estaba.'],
      },
    },
  ],
  preguntas: [
    [0, 'La regla de los tercios propone colocar lo importante sobre esas líneas o en sus cruces.', 'Según la regla de los tercios, ¿dónde colocas el sujeto?', ['Sobre las líneas o en sus cruces', 'Siempre en el centro exacto', 'Pegado a un borde del encuadre', 'Donde haya más luz, aunque quede en un borde'], ['Correcto.', 'Es el error de centrarlo siempre.', 'Pegado al borde se sale de la imagen.', 'La luz no define la regla de los tercios.']],
    [0, 'Un horizonte sobre la línea inferior da protagonismo al cielo', 'Quieres que el cielo sea protagonista de un paisaje. ¿Dónde pones el horizonte?', ['Sobre la línea inferior', 'Sobre la línea superior', 'Justo en el centro', 'Fuera del encuadre, para que no distraiga'], ['Correcto: deja dos tercios de cielo.', 'Así daría protagonismo al suelo.', 'El centro reparte por igual.', 'Sin horizonte no hay referencia.']],
    [0, 'El centro funciona cuando buscas calma o simetría, como una puerta de frente.', '¿Cuándo tiene sentido centrar al sujeto?', ['Cuando buscas calma o simetría', 'Nunca: siempre es un error', 'Solo en fotos nocturnas', 'Solo si usas un trípode'], ['Correcto.', 'La regla de los tercios no prohíbe el centro.', 'La hora no decide la composición.', 'El trípode no tiene que ver.']],
    [0, 'Las diagonales transmiten movimiento; las horizontales, reposo.', '¿Qué transmiten las líneas diagonales?', ['Movimiento', 'Reposo', 'Frío', 'Tristeza y soledad'], ['Correcto.', 'Eso lo transmiten las horizontales.', 'El color, no la línea, sugiere frío.', 'No es lo que señala la lección.']],
    [0, 'Recorre los cuatro bordes del visor antes de disparar', '¿Qué hábito ayuda a descubrir intrusos en el encuadre?', ['Recorrer los cuatro bordes del visor', 'Subir el ISO antes de disparar', 'Disparar siempre en ráfaga', 'Usar la medición puntual'], ['Correcto.', 'El ISO no cambia lo que entra en el encuadre.', 'La ráfaga repite el mismo encuadre.', 'La medición afecta a la luz, no al encuadre.']],
    [0, 'Si alguien mira hacia la derecha, deja aire a la derecha.', 'Una persona mira hacia el lado izquierdo del encuadre. ¿Dónde dejas espacio libre?', ['A la izquierda', 'A la derecha', 'Encima de su cabeza', 'En ningún lado'], ['Correcto: hacia donde mira.', 'Así parecería que choca con el borde.', 'El aire va en la dirección de la mirada.', 'El espacio vacío cuenta hacia dónde va la acción.']],
    [1, 'Crea sombras negras con bordes nítidos y mucho contraste.', '¿Cómo son las sombras de la luz dura?', ['Negras y de borde nítido', 'Tenues y de borde difuso', 'Inexistentes', 'Siempre de color azul, sea cual sea la luz'], ['Correcto.', 'Esas son las de la luz suave.', 'Toda luz direccional crea sombras.', 'El color depende de la luz, no de su dureza.']],
    [1, 'La luz suave viene de una fuente grande', '¿De qué depende que una luz sea suave?', ['De que la fuente sea grande respecto al sujeto', 'De que la fuente sea muy potente', 'De que sea luz artificial de estudio y no natural', 'Del ISO de la cámara'], ['Correcto.', 'La potencia no cambia la dureza.', 'Hay luz natural suave, como un cielo nublado.', 'El ISO no cambia la luz de la escena.']],
    [1, 'La dura sirve para texturas y formas geométricas', '¿Para qué puede servir la luz dura?', ['Para resaltar texturas y formas geométricas', 'Para suavizar la piel en un retrato', 'Para eliminar todas las sombras', 'Para nada: siempre es mala'], ['Correcto.', 'Eso lo hace la luz suave.', 'Al contrario, crea sombras marcadas.', 'Creer que hay una luz mejor en general es el error.']],
    [1, 'La luz lateral dibuja volumen, porque una mitad queda iluminada y la otra en sombra.', '¿Qué efecto tiene la luz lateral en una cara?', ['Da volumen y relieve', 'La deja plana', 'Recorta solo la silueta', 'La vuelve azulada'], ['Correcto.', 'Eso hace la luz frontal.', 'Eso hace el contraluz.', 'La dirección no cambia el color.']],
    [1, 'El contraluz recorta la silueta y puede crear un halo en el pelo.', '¿Qué puede crear el contraluz en un retrato?', ['Un halo de luz en el pelo', 'Una cara sin sombras', 'Más ruido en la imagen', 'Un fondo desenfocado'], ['Correcto.', 'La cara queda en sombra.', 'El ruido depende del ISO.', 'El desenfoque depende de la apertura.']],
    [1, 'Durante la hora dorada, poco después del amanecer y poco antes del anochecer, el sol está bajo.', '¿Cuándo es la hora dorada?', ['Poco después del amanecer y antes del anochecer', 'A mediodía con el cielo despejado', 'A medianoche', 'En cualquier día nublado, a cualquier hora'], ['Correcto.', 'Es el error de creer que el sol alto es la mejor luz.', 'De noche no hay sol.', 'El nublado da luz suave, pero no es la hora dorada.']],
    [1, 'La hora azul es el rato después de la puesta de sol en que el cielo conserva un azul intenso.', '¿Qué es la hora azul?', ['El rato tras la puesta con el cielo azul intenso', 'El mediodía de un día despejado', 'La luz de un fluorescente', 'El ajuste de balance para interiores'], ['Correcto.', 'A mediodía la luz es dura y blanca.', 'Es una luz natural del cielo.', 'Es un momento del día, no un ajuste.']],
    [2, 'Un archivo JPEG es una foto ya revelada por la cámara', '¿Qué es un archivo JPEG?', ['Una foto ya revelada por la cámara', 'Todo lo que midió el sensor', 'Un archivo sin comprimir', 'Un negativo que hay que escanear antes de verlo'], ['Correcto.', 'Eso describe el RAW.', 'El JPEG descarta información para ocupar poco.', 'Es un archivo digital listo para ver.']],
    [2, 'Un archivo RAW guarda casi todo lo que midió el sensor.', '¿Qué guarda un archivo RAW?', ['Casi todo lo que midió el sensor', 'Solo una copia pequeña para compartir', 'El revelado que eligió la cámara', 'Solo los datos de la ubicación'], ['Correcto.', 'Eso se parece más a un JPEG reducido.', 'Eso es el JPEG.', 'La ubicación son metadatos, no la imagen.']],
    [2, 'Muchos fotógrafos disparan en RAW las fotos importantes y en JPEG las del día a día.', '¿Qué práctica describe la lección sobre los formatos?', ['RAW para lo importante, JPEG para el día a día', 'Solo JPEG, porque el RAW es para expertos', 'Solo RAW, porque el JPEG no sirve', 'Elegir el formato por el tamaño del sensor'], ['Correcto.', 'El RAW está al alcance de cualquiera con un programa de revelado.', 'El JPEG es perfecto para compartir al momento.', 'El formato no depende del sensor.']],
    [2, 'El balance de blancos es el ajuste que neutraliza el color de la luz.', '¿Para qué sirve el balance de blancos?', ['Para neutralizar el color de la luz', 'Para aclarar las sombras', 'Para enderezar el horizonte', 'Para congelar el movimiento de los sujetos rápidos'], ['Correcto.', 'Eso es un ajuste de sombras.', 'Eso es el recorte.', 'Eso es la velocidad.']],
    [2, 'Una bombilla antigua es anaranjada', '¿De qué color tiñe la foto una bombilla antigua?', ['Anaranjado', 'Azulado', 'Verdoso', 'De ningún color'], ['Correcto.', 'Azulada es la sombra de un día de sol.', 'Verde puede ser un fluorescente.', 'Toda luz tiene un color.']],
    [2, 'un horizonte torcido distrae más que casi cualquier otro defecto', '¿Por qué enderezar es el primer paso del revelado?', ['Un horizonte torcido distrae muchísimo', 'Porque mejora el balance de blancos', 'Porque reduce el ruido del ISO', 'Porque aumenta los megapíxeles'], ['Correcto.', 'El balance es otro paso.', 'Enderezar no toca el ruido.', 'Recortar reduce los píxeles, no los aumenta.']],
    [2, 'Revelar no es hacer trampa.', 'Según la lección, ¿revelar una foto es hacer trampa?', ['No, siempre que no añadas ni borres cosas', 'Sí, una foto debe quedarse como sale', 'Sí, salvo que uses JPEG', 'Solo si cambias el balance de blancos de la foto'], ['Correcto.', 'Es el error que corrige la lección: toda foto pasa por un revelado.', 'El JPEG también está revelado, por la cámara.', 'Corregir el color no altera lo que había.']],
    [2, 'recupera las altas luces y abre las sombras para devolver detalle al cielo y a los portales oscuros', '¿Para qué recuperas luces y abres sombras?', ['Para devolver detalle a cielos y zonas oscuras', 'Para cambiar el color de la luz', 'Para enfocar lo que salió borroso', 'Para quitar objetos que sobran en los bordes de la foto'], ['Correcto.', 'Eso es el balance de blancos.', 'El revelado no recupera el enfoque.', 'Borrar objetos no forma parte del revelado básico.']],
  ],
};
